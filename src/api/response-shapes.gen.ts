/**
 * Generated from openapi.yaml by scripts/generate-api-types.ts — do not edit.
 * Run `npm run api:generate` after changing the spec.
 */

/** Required members of each shape, `member:kind` (scripts/generate-api-types.ts). */
export const SHAPES: Record<string, string> = {
  Address: 'street:s number:s district:s city:s state:s zip:s',
  Agent:
    'id:s name:s phone:s email:s cpf:s status:s available:b termsVersionAccepted:s? termsPending:b counts:@AgentCounts',
  AgentCounts: 'pendingOpportunities:n unreadNotifications:n openPendencies:n unreadBulletins:n',
  Answer: 'questionId:s value:* answeredAt:s',
  Attendant: 'code:s name:s traits:[s',
  AwardDefinition: 'code:s title:s prizeCents:n deptId:s goal:n criteria:s',
  AwardGiven: 'id:s code:s taskId:s attendantCode:s attendantName:s score:n status:s createdAt:s',
  AwardGivenList: 'items:[@AwardGiven',
  Bulletin: 'id:s title:s body:s publishedAt:s readAt:s?',
  BulletinList: 'items:[@Bulletin',
  ChecklistItem: 'id:s label:s',
  ChecklistMark: 'itemId:s checked:b',
  Cycle: 'id:s startsAt:s endsAt:s',
  EvaluationForm: 'id:s title:s pages:[@FormPage',
  Evidence: 'id:s kind:s url:s bytes:n takenAt:s',
  FormPage: 'id:s title:s questions:[@Question',
  Health: 'status:s version:s time:s',
  Mission:
    'id:s projectId:s title:s briefing:s scenario:s formId:s requirements:@MissionRequirements checklist:[@ChecklistItem times:[@MissionTime visitMaxMinutes:n awards:[@AwardDefinition',
  MissionRequirements: 'minPhotos:n taxReceipt:b proof:s minAttendants:n',
  MissionTime: 'code:s label:s',
  Notification: 'id:s slug:s kind:s title:s body:s createdAt:s readAt:s?',
  NotificationPage: 'items:[@Notification total:n unreadCount:n',
  Opportunity: 'taskId:s task:@OpportunitySummary expiresAt:s status:s createdAt:s',
  OpportunityDetail: 'opportunity:@Opportunity mission:@Mission project:@Project',
  OpportunityPage: 'items:[@Opportunity total:n',
  OpportunitySummary:
    'projectName:s clientName:s missionTitle:s location:@TaskLocation payoutCents:n window:@TimeWindow',
  Pendency: 'id:s section:s message:s',
  Profile: 'agentId:s fullName:s displayName:s email:s phone:s birthDate:s cpf:s address:@Address',
  Project: 'id:s code:s name:s clientName:s cycleId:s cycle:@Cycle policy:s',
  PushKey: 'publicKey:s',
  Question: 'id:s kind:s text:s required:b weight:n',
  Report:
    'id:s taskId:s projectId:s cycleId:s version:n answers:[@Answer awards:[s attendants:[@Attendant times:[@TimeRecord checklist:[@ChecklistMark evidences:[@Evidence taxReceipts:[@TaxReceipt notes:s score:n submittedAt:s?',
  Revision: 'id:s reportId:s taskId:s round:n createdAt:s status:s pendencies:[@Pendency',
  Task: 'id:s slug:s agentId:s projectId:s missionId:s location:@TaskLocation status:@TaskStatus scheduledFor:s deadline:s payoutCents:n reportId:s steps:@TaskSteps title:s',
  TaskLocation: 'name:s address:s lat:n lng:n radiusMeters:n',
  TaskPage: 'items:[@Task total:n totalsByStatus:@TaskTotals',
  TaskStatus: 'code:s changedAt:s',
  TaskSteps: 'accepted:s',
  TaskTotals: 'started:n visited:n validating:n approved:n contested:n canceled:n rejected:n',
  TaxReceipt: 'id:s evidenceId:s cnpj:s number:s amountCents:n issuedAt:s',
  Terms: 'version:s title:s body:s publishedAt:s acceptedAt:s?',
  TimeRecord: 'code:s seconds:n',
  TimeWindow: 'from:s to:s',
  Transaction: 'id:s kind:s amountCents:n status:s createdAt:s description:s',
  Wallet: 'balanceCents:n pendingCents:n transactions:[@Transaction bank:*',
}

/** The kind of each read's 200 body, by `GET /path/{template}`. */
export const READS: Record<string, string> = {
  'GET /awards/mine': '@AwardGivenList',
  'GET /bulletins': '@BulletinList',
  'GET /forms/{id}': '@EvaluationForm',
  'GET /health': '@Health',
  'GET /me': '@Agent',
  'GET /me/profile': '@Profile',
  'GET /missions/{id}': '@Mission',
  'GET /notifications/{slug}': '@Notification',
  'GET /notifications/mine': '@NotificationPage',
  'GET /opportunities': '@OpportunityPage',
  'GET /opportunities/{taskId}': '@OpportunityDetail',
  'GET /projects/{id}': '@Project',
  'GET /push/key': '@PushKey',
  'GET /reports/{id}': '@Report',
  'GET /reports/{id}/revisions/current': '@Revision',
  'GET /tasks/{id}': '@Task',
  'GET /tasks/mine': '@TaskPage',
  'GET /terms/current': '@Terms',
  'GET /wallet': '@Wallet',
}
