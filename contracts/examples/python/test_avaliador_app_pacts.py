"""
EXAMPLE — not run in the app's repository (see ../README.md).

Verifies the Avaliador app's pacts against a Python backend with pact-python 3
(`pip install "pact-python>=3"`), from pytest. The backend runs in test mode with the
provider-state endpoint of contracts/provider-states.yaml (check it first with
contracts/check-provider-states.sh); the verifier calls that endpoint before and after each
interaction and injects what it answers (ids, dates, the session token) into the requests.
"""

import os

from pact import Verifier

API_URL = os.environ.get("AVALIADOR_API_URL", "http://localhost:8080")
STATES_URL = os.environ.get(
    "AVALIADOR_STATES_URL", "http://localhost:8080/test-support/provider-states"
)
PACTS = os.environ.get("AVALIADOR_PACTS", "avaliador-app/contracts/pacts")


def test_avaliador_app_pacts() -> None:
    verifier = (
        Verifier("avaliador-api")
        # The pacts' paths carry the /api base path (openapi.yaml `servers`).
        .add_transport(url=API_URL)
        .add_source(PACTS)
        # Your state endpoint: it answers every value the state lists, and `authToken` for the
        # signed-in states. No token is set on the verifier (no custom Authorization header):
        # the expired-session interactions send their own.
        .state_handler(STATES_URL, teardown=True, body=True)
    )
    # With a Pact Broker, replace add_source by pact-python's broker_source (main branch and
    # deployed versions) and publish the results with set_publish_options(version=<git sha>,
    # branch=<branch>); then `pact broker can-i-deploy` as in contracts/README.md.
    verifier.verify()


# A sketch of the state endpoint in a FastAPI test build (two states of the catalogue):
#
#   @app.post("/test-support/provider-states")
#   def provider_state(change: dict):
#       if change.get("action") == "teardown":
#           return {}
#       state, params = change["state"], change.get("params") or {}
#       fixtures.reset()
#       agent = fixtures.agent()  # terms accepted, a task, a wallet transaction
#       if state == "the agent is signed in":
#           return {"authToken": fixtures.open_session(agent)}
#       if state == "the agent has no task {taskId}":
#           return {"authToken": fixtures.open_session(agent)}
#       raise HTTPException(400, {"error": f"unknown state: {state}"})
