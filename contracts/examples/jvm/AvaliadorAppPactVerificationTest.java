// EXAMPLE — not compiled or run in the app's repository (see ../README.md).
//
// Verifies the Avaliador app's pacts against a Spring Boot backend with pact-jvm's JUnit 5
// support. Dependencies (Gradle):
//   testImplementation("au.com.dius.pact.provider:junit5:4.6.+")
//   testImplementation("org.springframework.boot:spring-boot-starter-test")
//
// Pacts: the app's contracts/pacts/ (a sparse checkout), or the broker with
//   @PactBroker(url = "${PACT_BROKER_BASE_URL}", authentication = @PactBrokerAuth(token = "${PACT_BROKER_TOKEN}"),
//               consumerVersionSelectors = { @VersionSelector(mainBranch = "true"),
//                                            @VersionSelector(deployedOrReleased = "true") })
// and publish results with -Dpact.verifier.publishResults=true -Dpact.provider.version=<git sha>
// -Dpact.provider.branch=<branch>.
package com.example.avaliador.contracts;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@Provider("avaliador-api")
@PactFolder("avaliador-app/contracts/pacts")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AvaliadorAppPactVerificationTest {

  @LocalServerPort int port;

  /** Your own test-data helpers: reset the database, create an agent, open a session… */
  @Autowired TestFixtures fixtures;

  @BeforeEach
  void target(PactVerificationContext context) {
    // The pacts' paths carry the /api base path (openapi.yaml `servers`).
    context.setTarget(new HttpTestTarget("localhost", port));
  }

  @TestTemplate
  @ExtendWith(PactVerificationInvocationContextProvider.class)
  void verify(PactVerificationContext context) {
    context.verifyInteraction();
  }

  // One method per state of contracts/provider-states.yaml; its name is the pact's `given`,
  // placeholders included. What a method returns is injected into the request (ids, dates,
  // the session token), so your ids need not match the app's examples.

  @State("the agent is signed in")
  Map<String, Object> agentSignedIn() {
    var agent = fixtures.resetWithAgent(); // terms accepted, at least one task and one transaction
    return Map.of("authToken", fixtures.openSession(agent));
  }

  @State("the session {token} has expired")
  Map<String, Object> sessionExpired(Map<String, Object> params) {
    var agent = fixtures.resetWithAgent();
    var token = fixtures.openSession(agent, Instant.now().minusSeconds(86_400)); // already over
    return Map.of("token", token);
  }

  @State("a started task {taskId} not checked in")
  Map<String, Object> startedTask(Map<String, Object> params) {
    var agent = fixtures.resetWithAgent();
    var task = fixtures.startedTask(agent); // deadline ahead, no check-in
    return Map.of(
        "authToken", fixtures.openSession(agent),
        "taskId", task.id(),
        "slug", task.slug(),
        "lat", task.location().lat(),
        "lng", task.location().lng(),
        "scheduledFor", task.deadline().minusSeconds(86_400).toString(),
        "afterDeadline", task.deadline().plusSeconds(86_400).toString());
  }

  @State("a task {taskId} checked in")
  Map<String, Object> checkedInTask(Map<String, Object> params) {
    var agent = fixtures.resetWithAgent();
    // Must be tsk_4826: an upload names its task inside the multipart body.
    var task = fixtures.checkedInTask(agent, "tsk_4826");
    return Map.of(
        "authToken", fixtures.openSession(agent),
        "taskId", task.id(),
        "lat", task.location().lat(),
        "lng", task.location().lng());
  }

  // … and so on for every state in contracts/provider-states.yaml.
}
