/**
 * Where a pact asks more of a response than its schema in openapi.yaml, because of the request:
 * a property the schema leaves optional, a value it lets be null, one value of an enum or a
 * boolean. `npm run test:contracts` (scripts/contract-agreement.ts) fails on any such narrowing
 * that neither the spec (an `if`/`then`), nor the interaction's provider state (its description
 * names the property or value), nor an entry here explains — and on an entry nothing needs.
 *
 * Keys: `operationId status path`, the path as Pact writes it with arrays as `[*]`.
 *
 * Plain data (no Pact): read by scripts/contract-run.ts.
 */
export const REQUEST_NARROWINGS: Readonly<Record<string, string>> = {
  'requestSignInCode 202 $.connection': 'The code goes by the connection the request asked for.',

  'acceptOpportunity 200 $.status.code': 'Accepting an offer makes its task `started`.',
  'declineOpportunity 200 $.status': 'Declining an offer makes it `declined`.',
  'declineOpportunity 200 $.declineReason': 'The reason the request gave is kept and shown.',

  'checkInByPosition 200 $.steps.checkin': 'The check-in this request makes.',
  'checkOut 200 $.status.code': 'Checking out makes the task `visited`.',
  'checkOut 200 $.steps.checkout': 'The check-out this request makes.',
  'checkOut 200 $.steps.checkout.offline':
    'The `offline` flag the request sent is kept (the app shows a check-out sent late).',
  'cancelTask 200 $.status.code': 'Canceling makes the task `canceled`.',
  'cancelTask 200 $.status.reason': 'The justification the request gave is kept and shown.',

  'setAvailability 200 $.available': 'The availability the request set.',
  'acceptTerms 200 $.termsPending': 'Accepting the terms in force leaves none pending.',
  'updateBankInfo 200 $.bank': 'The bank data the request saved.',
  'requestWithdrawal 201 $.kind': 'The transaction this request makes is a `withdrawal`.',
  'requestWithdrawal 201 $.status': 'A new withdrawal is `pending` until it is paid.',

  'submitReport 200 $.report.submittedAt': 'The submission this request makes.',
  'submitReport 200 $.task.status.code': 'A submitted report’s task goes to `validating`.',
  'uploadMedia 201 $.kind': 'The kind of evidence the request uploaded.',
  'createAward 201 $.status': 'A nomination this request makes starts `created`.',
  'answerRevision 200 $.status': 'Answering every pendency makes the revision `answered`.',
  'answerRevision 200 $.pendencies[*].resolution': 'The answer this request gave each pendency.',

  'markNotificationRead 200 $.readAt': 'The read mark this request makes.',
  'markBulletinRead 200 $.readAt': 'The read mark this request makes.',
}
