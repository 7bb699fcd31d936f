/**
 * Generated from openapi.yaml by scripts/generate-api-types.ts — do not edit.
 * Run `npm run api:generate` after changing the spec.
 */

export type paths = {
  '/health': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Service health */
    get: operations['getHealth']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/auth/code': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Send a one-time sign-in code by SMS or WhatsApp
     * @description Does not tell whether an agent has the phone: a phone no agent has gets the same
     *     answers — 202 with its ticket, the 60 s resend lock (429 `otp_resend_locked`), and on
     *     `POST /auth/session` 422 `otp_invalid` with the tries left, then 429 `otp_locked` — in
     *     the same shape and about the same time, and nothing is sent. 422 here is only for a body
     *     that is not valid (a phone that is not E.164), never for a phone no agent has.
     */
    post: operations['requestSignInCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/auth/session': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Exchange a one-time code for a session
     * @description Wrong code → 422 `otp_invalid` (with `attemptsLeft`); expired → 410 `otp_expired`;
     *     5 wrong tries → 429 `otp_locked` (a new code must be requested, which the resend lock
     *     allows `retryAfterSeconds` later: 60 s counted from the lock). No code pending for the
     *     phone (never asked for, already used, or past its 10 minutes) → 410 `otp_expired`, for
     *     every phone alike. A phone no agent has is answered like an agent's (see
     *     `POST /auth/code`): its code was never sent, so every try is 422 `otp_invalid`
     *     until 429 `otp_locked`.
     */
    post: operations['verifySignInCode']
    /** End the current session */
    delete: operations['signOut']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/auth/activation': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Activate an invited account from the invitation link */
    post: operations['activateAccount']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/me': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The signed-in agent with counts for badges and alerts */
    get: operations['getMe']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/me/availability': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Mark the agent available or unavailable for new opportunities */
    put: operations['setAvailability']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/me/profile': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The agent's profile */
    get: operations['getProfile']
    /** Update the agent's profile */
    put: operations['updateProfile']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/terms/current': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The current terms of use and whether the agent accepted them */
    get: operations['getCurrentTerms']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/terms/{version}/acceptance': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Accept a version of the terms of use */
    put: operations['acceptTerms']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/wallet': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Balance, pending amount, transactions and bank data */
    get: operations['getWallet']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/wallet/bank': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Replace the bank data payments are sent to */
    put: operations['updateBankInfo']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/wallet/withdrawals': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Withdraw from the available balance to the bank account */
    post: operations['requestWithdrawal']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/awards/mine': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Awards given to the agent's nominations, with their status */
    get: operations['listMyAwards']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/awards/': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Nominate an attendant of a visit for an award
     * @description Refused with 422 `award_below_goal` when the report's score is below the award's goal.
     */
    post: operations['createAward']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/opportunities': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Opportunities offered to the agent, pending first */
    get: operations['listOpportunities']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/opportunities/{taskId}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** One opportunity with its mission and project */
    get: operations['getOpportunity']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/opportunities/{taskId}/accept': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Accept an opportunity for a date inside its window */
    post: operations['acceptOpportunity']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/opportunities/{taskId}/decline': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Decline an opportunity */
    post: operations['declineOpportunity']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/mine': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The agent's tasks, newest change first */
    get: operations['listMyTasks']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** One task, by id or by slug */
    get: operations['getTask']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/{id}/checkin/byPosition': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Check in at the task's location
     * @description Allowed when the reading's accuracy is at most the mission's
     *     `requirements.checkinMaxAccuracyMeters` (100 m when unset) and the reading is within the
     *     location's radius; the accuracy is never counted in the agent's favour. A less precise
     *     reading → 422 `weak_gps_signal` with `accuracyMeters` and `maxAccuracyMeters` (checked
     *     first: its distance means little); outside → 422 `outside_radius` with `distanceMeters`.
     */
    put: operations['checkInByPosition']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/{id}/checkout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Check out of the visit (also sent later when it was queued offline) */
    put: operations['checkOut']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/{id}/schedule': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Change the scheduled date of a started task (before its deadline) */
    put: operations['rescheduleTask']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/tasks/{id}/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Give up a started task, with a justification */
    post: operations['cancelTask']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/projects/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A project with its current cycle and conduct policy */
    get: operations['getProject']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/missions/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A mission with its requirements, checklist, times and awards */
    get: operations['getMission']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/forms/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** An evaluation form (the questionnaire) */
    get: operations['getForm']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/reports/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A visit report */
    get: operations['getReport']
    /**
     * Save the report (whole document, optimistic concurrency by version)
     * @description The body carries the `version` the client last read. A stale version → 409
     *     `stale_version` whose body holds the `current` report. Saved reports get
     *     `version + 1` and a recomputed `score`. Only editable while the task is `started`
     *     (checked in) or `visited`.
     */
    put: operations['saveReport']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/reports/{id}/submission': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Submit a complete report for validation
     * @description Incomplete → 422 `report_incomplete` listing the missing pages and sections.
     */
    post: operations['submitReport']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/reports/{id}/revisions/current': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The latest validator revision of a report */
    get: operations['getCurrentRevision']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/revisions/{id}/answers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Answer every pendency of an open revision
     * @description Sends the task back to `validating` and the revision to `answered`.
     */
    put: operations['answerRevision']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/media': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Upload a photo, receipt photo or audio of a visit */
    post: operations['uploadMedia']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/media/{id}/content': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The bytes of an uploaded evidence */
    get: operations['getMediaContent']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/notifications/mine': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The agent's notifications, unread first then newest first */
    get: operations['listMyNotifications']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/notifications/{slug}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** One notification */
    get: operations['getNotification']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/notifications/{slug}/read': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Mark a notification read (idempotent) */
    put: operations['markNotificationRead']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/bulletins': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Bulletin notes from the company, newest first */
    get: operations['listBulletins']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/bulletins/{id}/read': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Mark a bulletin read (idempotent) */
    put: operations['markBulletinRead']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/push/key': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The server's VAPID public key, to subscribe a device to Web Push */
    get: operations['getPushKey']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/push/subscriptions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Register this device's push subscription (again, when the browser renews it)
     * @description The browser's `PushSubscription` (its `toJSON()`) and a label for the device. A
     *     subscription with the same `endpoint` replaces the earlier one (a renewed one is
     *     registered the same way). From then on, every notification of the agent is also sent
     *     to it as a Web Push message whose payload is a `PushMessage`. A subscription the push
     *     service answers 404 or 410 for is removed by the server.
     */
    post: operations['registerPushSubscription']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/push/subscriptions/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Stop sending push messages to a device (sign-out, or the agent switched them off) */
    delete: operations['removePushSubscription']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
export type webhooks = Record<string, never>
export type components = {
  schemas: {
    /**
     * @description Machine-readable reason of a problem.
     * @enum {string}
     */
    ProblemCode:
      | 'validation_failed'
      | 'not_found'
      | 'session_expired'
      | 'unauthorized'
      | 'transition_refused'
      | 'stale_version'
      | 'already_checked_in'
      | 'outside_radius'
      | 'weak_gps_signal'
      | 'opportunity_expired'
      | 'date_outside_window'
      | 'deadline_passed'
      | 'report_incomplete'
      | 'award_below_goal'
      | 'award_already_given'
      | 'insufficient_balance'
      | 'bank_info_missing'
      | 'otp_invalid'
      | 'otp_expired'
      | 'otp_locked'
      | 'otp_resend_locked'
      | 'activation_invalid'
      | 'activation_expired'
      | 'file_too_large'
      | 'body_too_large'
      | 'unsupported_media_type'
      | 'maintenance'
      | 'internal_error'
      | 'idempotency_key_reused'
      | 'idempotency_key_in_use'
    FieldError: {
      /**
       * @description Dotted path of the field in the request body: property names, and array indexes as numbers (`attendants.0.name`, not the JSON pointer `/attendants/0/name`). The app shows the message under the field with this path.
       * @example attendants.0.name
       */
      field: string
      /** @example Use no máximo duas palavras. */
      message: string
    }
    /** @description RFC 9457 problem details. `detail` is optional: without it the app shows its own pt-BR message for the `code`. The members a code's answer must carry are required below by `allOf` (each an `if` on the code). */
    Problem: {
      type: string
      title: string
      status: number
      detail?: string
      code: components['schemas']['ProblemCode']
      requestId?: string
      fields?: components['schemas']['FieldError'][]
      /** @description For 429 and 503, seconds until a retry may succeed. */
      retryAfterSeconds?: number
      /** @description For `otp_invalid`, tries left before the code locks. */
      attemptsLeft?: number
      /** @description For `outside_radius`, how far the reading was from the location. */
      distanceMeters?: number
      /** @description For `weak_gps_signal`, the reading's accuracy in meters (absent when the reading gave none). */
      accuracyMeters?: number
      /** @description For `weak_gps_signal`, the worst accuracy the mission takes, in meters. */
      maxAccuracyMeters?: number
      /** @description For `report_incomplete`, what is missing. */
      missing?: components['schemas']['MissingItem'][]
      /** @description For `stale_version`, the report as the server has it now. */
      current?: components['schemas']['Report']
    } & (unknown & unknown & unknown & unknown & unknown & unknown & unknown)
    MissingItem: {
      section: components['schemas']['ReportSection']
      pageId?: string
      /** @example Página "Atendimento" do questionário */
      label: string
    }
    Health: {
      /** @enum {string} */
      status: 'ok' | 'maintenance'
      /** @example 1.0.0 */
      version: string
      /** Format: date-time */
      time: string
    }
    /** @enum {string} */
    SignInConnection: 'sms' | 'whatsapp'
    SignInCodeRequest: {
      /**
       * @description E.164 Brazilian number.
       * @example +5511987654321
       */
      phone: string
      connection: components['schemas']['SignInConnection']
    }
    SignInCodeTicket: {
      /** @example +5511987654321 */
      phone: string
      connection: components['schemas']['SignInConnection']
      /** Format: date-time */
      resendAvailableAt: string
      /** Format: date-time */
      expiresAt: string
    }
    SignInCodeVerification: {
      phone: string
      /** @example 482913 */
      code: string
    }
    ActivationRequest: {
      id: string
      token: string
    }
    Session: {
      token: string
      /** Format: date-time */
      expiresAt: string
      agent: components['schemas']['Agent']
    }
    /** @enum {string} */
    AgentStatus: 'active' | 'inactive' | 'blocked'
    AgentCounts: {
      pendingOpportunities: number
      unreadNotifications: number
      openPendencies: number
      unreadBulletins: number
    }
    Agent: {
      /** @example agt_1 */
      id: string
      /** @example Ana Souza */
      name: string
      /** @example +5511987654321 */
      phone: string
      /**
       * Format: email
       * @example ana.souza@exemplo.com.br
       */
      email: string
      /** @example 52998224725 */
      cpf: string
      status: components['schemas']['AgentStatus']
      available: boolean
      /** @example 2026.2 */
      termsVersionAccepted: string | null
      /**
       * @description The terms of use in force (`GET /terms/current`) are not accepted by this agent:
       *     the app asks for them above every screen, from this one answer.
       */
      termsPending: boolean
      counts: components['schemas']['AgentCounts']
    }
    AvailabilityInput: {
      available: boolean
    }
    Address: {
      /** @example Rua Augusta */
      street: string
      /** @example 1500 */
      number: string
      /** @example Apto 42 */
      complement?: string
      /** @example Consolação */
      district: string
      /** @example São Paulo */
      city: string
      /**
       * @description UF
       * @enum {string}
       */
      state:
        | 'AC'
        | 'AL'
        | 'AP'
        | 'AM'
        | 'BA'
        | 'CE'
        | 'DF'
        | 'ES'
        | 'GO'
        | 'MA'
        | 'MT'
        | 'MS'
        | 'MG'
        | 'PA'
        | 'PB'
        | 'PR'
        | 'PE'
        | 'PI'
        | 'RJ'
        | 'RN'
        | 'RS'
        | 'RO'
        | 'RR'
        | 'SC'
        | 'SP'
        | 'SE'
        | 'TO'
      /** @example 01304001 */
      zip: string
    }
    Profile: {
      agentId: string
      /** @example Ana Paula Souza */
      fullName: string
      /** @example Ana */
      displayName: string
      /** Format: email */
      email: string
      phone: string
      /**
       * Format: date
       * @example 1994-03-12
       */
      birthDate: string
      cpf: string
      address: components['schemas']['Address']
    }
    ProfileInput: {
      fullName: string
      displayName: string
      /** Format: email */
      email: string
      /** Format: date */
      birthDate: string
      address: components['schemas']['Address']
    }
    Terms: {
      /** @example 2026.2 */
      version: string
      /** @example Termos de uso do Avaliador */
      title: string
      /** @description Plain text; paragraphs separated by blank lines. */
      body: string
      /** Format: date-time */
      publishedAt: string
      /** Format: date-time */
      acceptedAt: string | null
    }
    /** @enum {string} */
    TransactionKind: 'task' | 'award' | 'withdrawal' | 'adjustment'
    /**
     * @description pending = em análise; available = disponível; paid = pago.
     * @enum {string}
     */
    TransactionStatus: 'pending' | 'available' | 'paid'
    Transaction: {
      /** @example trx_91 */
      id: string
      kind: components['schemas']['TransactionKind']
      /**
       * @description Positive for credits, negative for withdrawals.
       * @example 4500
       */
      amountCents: number
      status: components['schemas']['TransactionStatus']
      /** Format: date-time */
      createdAt: string
      /** Format: date-time */
      availableAt?: string
      /** Format: date-time */
      paidAt?: string
      taskId?: string
      /** @example Visita T-4821 — Farmácia Central */
      description: string
    }
    /** @enum {string} */
    AccountType: 'corrente' | 'poupanca'
    BankInfo: {
      /** @example Ana Paula Souza */
      holderName: string
      /** @example 52998224725 */
      cpf: string
      /** @example 260 */
      bankCode: string
      /** @example 0001 */
      branch: string
      /** @example 1234567-8 */
      account: string
      accountType: components['schemas']['AccountType']
      /** @example ana.souza@exemplo.com.br */
      pixKey?: string
    }
    Wallet: {
      /** @example 12850 */
      balanceCents: number
      /** @example 4500 */
      pendingCents: number
      transactions: components['schemas']['Transaction'][]
      bank: components['schemas']['BankInfo'] | null
    }
    WithdrawalInput: {
      amountCents: number
    }
    Cycle: {
      id: string
      /** Format: date-time */
      startsAt: string
      /** Format: date-time */
      endsAt: string
    }
    Project: {
      /** @example prj_1 */
      id: string
      /** @example FARMA-SP */
      code: string
      /** @example Atendimento em farmácias */
      name: string
      /** @example Rede Saúde Já */
      clientName: string
      cycleId: string
      cycle: components['schemas']['Cycle']
      /** @description Conduct policy of the visits, plain text. */
      policy: string
    }
    /** @enum {string} */
    ProofKind: 'audio' | 'testimony' | 'either' | 'none'
    MissionRequirements: {
      minPhotos: number
      taxReceipt: boolean
      proof: components['schemas']['ProofKind']
      minAttendants: number
      /**
       * @description The worst GPS accuracy (meters, `GeolocationCoordinates.accuracy`) a check-in is taken with: a less precise reading proves nothing about presence and is refused with `weak_gps_signal`.
       * @default 100
       */
      checkinMaxAccuracyMeters: number
    }
    ChecklistItem: {
      id: string
      /** @example Fotografar a fachada */
      label: string
    }
    MissionTime: {
      /** @example wait */
      code: string
      /** @example Tempo de espera */
      label: string
    }
    AwardDefinition: {
      /** @example NOTA10 */
      code: string
      /** @example Atendimento nota 10 */
      title: string
      /** @example 5000 */
      prizeCents: number
      deptId: string
      /** @example 80 */
      goal: number
      criteria: string
    }
    Mission: {
      /** @example msn_1 */
      id: string
      projectId: string
      /** @example Compra de protetor solar */
      title: string
      briefing: string
      scenario: string
      formId: string
      requirements: components['schemas']['MissionRequirements']
      checklist: components['schemas']['ChecklistItem'][]
      times: components['schemas']['MissionTime'][]
      /**
       * @description How long a visit may last, in minutes. A visit's recorded length (check-in to check-out) never exceeds it by more than 5 minutes: a check-out after that is recorded at the check-in plus `visitMaxMinutes` + 5.
       * @example 60
       */
      visitMaxMinutes: number
      awards: components['schemas']['AwardDefinition'][]
    }
    /** @enum {string} */
    QuestionKind: 'single' | 'multi' | 'yesno' | 'scale' | 'number' | 'text' | 'time' | 'photo'
    QuestionOption: {
      value: string
      label: string
      /** @description Counts as a positive answer for the score. */
      positive?: boolean
    }
    ShowIf: {
      questionId: string
      equals: components['schemas']['AnswerValue']
    }
    Question: {
      id: string
      kind: components['schemas']['QuestionKind']
      /** @example O atendente cumprimentou você ao chegar? */
      text: string
      options?: components['schemas']['QuestionOption'][]
      required: boolean
      weight: number
      showIf?: components['schemas']['ShowIf']
      /** @description For scale and number questions. */
      min?: number
      /** @description For scale and number questions. */
      max?: number
    }
    FormPage: {
      id: string
      /** @example Chegada */
      title: string
      questions: components['schemas']['Question'][]
    }
    EvaluationForm: {
      id: string
      title: string
      pages: components['schemas']['FormPage'][]
    }
    /** @enum {string} */
    TaskStatusCode:
      'started' | 'visited' | 'validating' | 'approved' | 'contested' | 'canceled' | 'rejected'
    TaskStatus: {
      code: components['schemas']['TaskStatusCode']
      /** Format: date-time */
      changedAt: string
      reason?: string
    }
    TaskLocation: {
      /** @example Farmácia Central — Paulista */
      name: string
      /** @example Av. Paulista, 1000 — Bela Vista, São Paulo — SP */
      address: string
      lat: number
      lng: number
      /** @default 300 */
      radiusMeters: number
    }
    CheckinStep: {
      /** Format: date-time */
      at: string
      lat: number
      lng: number
      accuracy: number
      /** @description True when the check-in was queued offline and `at` is the device's time. */
      offline?: boolean
    }
    CheckoutStep: {
      /** Format: date-time */
      at: string
      offline: boolean
    }
    TaskSteps: {
      /** Format: date-time */
      accepted: string
      checkin?: components['schemas']['CheckinStep']
      checkout?: components['schemas']['CheckoutStep']
      /** Format: date-time */
      submitted?: string
      /** Format: date-time */
      contested?: string
      /** Format: date-time */
      validated?: string
    }
    Task: {
      /** @example tsk_4821 */
      id: string
      /** @example T-4821 */
      slug: string
      agentId: string
      projectId: string
      missionId: string
      /**
       * @description The mission title, for lists.
       * @example Compra de protetor solar
       */
      title: string
      location: components['schemas']['TaskLocation']
      status: components['schemas']['TaskStatus']
      /** Format: date-time */
      scheduledFor: string
      /** Format: date-time */
      deadline: string
      /** @example 4500 */
      payoutCents: number
      reportId: string
      steps: components['schemas']['TaskSteps']
    }
    TaskPage: {
      items: components['schemas']['Task'][]
      /** @description How many tasks the request matches (every page, not only this one). */
      total: number
      totalsByStatus: components['schemas']['TaskTotals']
      nextCursor?: string | null
    }
    /**
     * @description How many of the tasks the request matches are in each status, over the whole list,
     *     not only this page: the task list's group headings count them, and a group with tasks
     *     shows even when none of them is on the first page. With a `status` filter only the
     *     statuses asked for can be above 0 (`?status=contested`: every other status is 0), and
     *     the counts add up to `total`.
     */
    TaskTotals: {
      started: number
      visited: number
      validating: number
      approved: number
      contested: number
      canceled: number
      rejected: number
    }
    CheckinInput: {
      lat: number
      lng: number
      /** @description Meters (GeolocationCoordinates.accuracy). */
      accuracy: number
      /**
       * Format: date-time
       * @description When the agent checked in on the device. Kept only for a check-in queued offline, within [the task's acceptance, the server's now]; otherwise the server's time is recorded.
       */
      at: string
      /** @description True when the check-in was queued offline (absent means false). */
      offline?: boolean
    }
    CheckoutInput: {
      /**
       * Format: date-time
       * @description When the agent checked out on the device. Kept only for a check-out queued offline, within [the check-in, the server's now]; otherwise the server's time is recorded. Either way the visit's recorded length never exceeds the mission's `visitMaxMinutes` plus a 5-minute tolerance.
       */
      at: string
      /** @description True when the checkout was queued offline. */
      offline: boolean
    }
    RescheduleInput: {
      /** Format: date-time */
      scheduledFor: string
    }
    CancelTaskInput: {
      justification: string
    }
    /** @enum {string} */
    OpportunityStatus: 'pending' | 'accepted' | 'declined' | 'expired'
    TimeWindow: {
      /** Format: date-time */
      from: string
      /** Format: date-time */
      to: string
    }
    OpportunitySummary: {
      projectName: string
      clientName: string
      missionTitle: string
      location: components['schemas']['TaskLocation']
      payoutCents: number
      window: components['schemas']['TimeWindow']
    }
    Opportunity: {
      /** @example tsk_4821 */
      taskId: string
      task: components['schemas']['OpportunitySummary']
      /** Format: date-time */
      expiresAt: string
      /** Format: date-time */
      createdAt: string
      status: components['schemas']['OpportunityStatus']
      declineReason?: string
    }
    OpportunityDetail: {
      opportunity: components['schemas']['Opportunity']
      mission: components['schemas']['Mission']
      project: components['schemas']['Project']
    }
    OpportunityPage: {
      items: components['schemas']['Opportunity'][]
      total: number
      nextCursor?: string | null
    }
    AcceptOpportunityInput: {
      /**
       * Format: date-time
       * @description Must be inside the opportunity's window.
       */
      scheduledFor: string
    }
    DeclineOpportunityInput: {
      /** @example Fica longe de casa */
      reason: string
    }
    /** @enum {string} */
    ReportSection:
      | 'answers'
      | 'attendants'
      | 'audio'
      | 'evidences'
      | 'tax-receipts'
      | 'testimony'
      | 'times'
      | 'checklist'
      | 'awards'
    /** @description string (single, text, time as mm:ss, photo evidence id), number, boolean (yesno) or a list of strings (multi). */
    AnswerValue: string | number | boolean | string[]
    Answer: {
      questionId: string
      value: components['schemas']['AnswerValue']
      /** Format: date-time */
      answeredAt: string
    }
    Attendant: {
      /** @example att_1 */
      code: string
      /** @example Márcia Andrade */
      name: string
      traits: string[]
    }
    TimeRecord: {
      code: string
      seconds: number
    }
    ChecklistMark: {
      itemId: string
      checked: boolean
    }
    /** @enum {string} */
    EvidenceKind: 'photo' | 'receipt' | 'audio'
    Evidence: {
      /** @example evd_1 */
      id: string
      kind: components['schemas']['EvidenceKind']
      /** @example /api/media/evd_1/content */
      url: string
      bytes: number
      /** @example image/jpeg */
      mimeType?: string
      width?: number
      height?: number
      durationSecs?: number
      /** Format: date-time */
      takenAt: string
      caption?: string
    }
    TaxReceipt: {
      id: string
      evidenceId: string
      /** @example 11222333000181 */
      cnpj: string
      number: string
      amountCents: number
      /** Format: date */
      issuedAt: string
    }
    /** @enum {string} */
    AwardStatus: 'created' | 'pending' | 'complete' | 'rejected'
    AwardGiven: {
      id: string
      code: string
      taskId: string
      attendantCode: string
      /**
       * @description The attendant's name as the report had it when nominated: the agent sees names, never codes.
       * @example Renata Moura
       */
      attendantName: string
      score: number
      status: components['schemas']['AwardStatus']
      /** Format: date-time */
      createdAt: string
    }
    AwardGivenList: {
      items: components['schemas']['AwardGiven'][]
    }
    AwardInput: {
      code: string
      taskId: string
      attendantCode: string
    }
    Report: {
      /** @example rep_4821 */
      id: string
      taskId: string
      projectId: string
      cycleId: string
      version: number
      answers: components['schemas']['Answer'][]
      /** @description Ids of awards given from this report. */
      awards: string[]
      attendants: components['schemas']['Attendant'][]
      times: components['schemas']['TimeRecord'][]
      checklist: components['schemas']['ChecklistMark'][]
      evidences: components['schemas']['Evidence'][]
      taxReceipts: components['schemas']['TaxReceipt'][]
      testimony?: string
      notes: string
      score: number
      /** Format: date-time */
      submittedAt: string | null
    }
    /** @description The editable part of a report, sent whole. */
    ReportInput: {
      version: number
      answers: components['schemas']['Answer'][]
      attendants: components['schemas']['Attendant'][]
      times: components['schemas']['TimeRecord'][]
      checklist: components['schemas']['ChecklistMark'][]
      /** @description Uploaded evidences kept in the report, in order. */
      evidenceIds: string[]
      taxReceipts: components['schemas']['TaxReceipt'][]
      testimony?: string
      notes: string
    }
    SubmitReportInput: {
      version: number
    }
    SubmissionResult: {
      report: components['schemas']['Report']
      task: components['schemas']['Task']
    }
    /**
     * @description The parts of a multipart/form-data upload. Every part but `file` is text on the wire
     *     (`encoding`: text/plain), so the numbers are described as the decimal text they
     *     arrive as; the stored `Evidence` has them as numbers.
     */
    MediaUpload: {
      file: string
      kind: components['schemas']['EvidenceKind']
      /** Format: date-time */
      takenAt: string
      /** @description Pixels, as decimal text. */
      width?: string
      /** @description Pixels, as decimal text. */
      height?: string
      /** @description Seconds, as decimal text. */
      durationSecs?: string
      caption?: string
    }
    /** @enum {string} */
    RevisionStatus: 'open' | 'answered' | 'closed'
    PendencyResolution: {
      justification: string
      correctedValue?: string
      /** Format: date-time */
      at: string
    }
    Pendency: {
      id: string
      section: components['schemas']['ReportSection']
      field?: string
      /** @example A foto da fachada está desfocada. Envie outra ou explique. */
      message: string
      resolution?: components['schemas']['PendencyResolution']
    }
    Revision: {
      id: string
      reportId: string
      taskId: string
      round: number
      /** Format: date-time */
      createdAt: string
      status: components['schemas']['RevisionStatus']
      pendencies: components['schemas']['Pendency'][]
    }
    PendencyAnswer: {
      pendencyId: string
      justification: string
      correctedValue?: string
    }
    RevisionAnswersInput: {
      answers: components['schemas']['PendencyAnswer'][]
    }
    PushKey: {
      /**
       * @description The VAPID public key, an uncompressed P-256 point in base64url (87 characters).
       * @example BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM
       */
      publicKey: string
    }
    PushSubscriptionInput: {
      subscription: components['schemas']['BrowserPushSubscription']
      /**
       * @description How the agent recognises the device (`Chrome no Android`).
       * @example Chrome no Android
       */
      deviceLabel: string
    }
    /** @description `PushSubscription.toJSON()` of the browser. */
    BrowserPushSubscription: {
      /** Format: uri */
      endpoint: string
      expirationTime?: number | null
      keys: {
        p256dh: string
        auth: string
      }
    }
    PushRegistration: {
      /**
       * @description Used to remove the subscription (`DELETE /push/subscriptions/{id}`).
       * @example psh_8Kq2Lm4Np0
       */
      id: string
      /** @example Chrome no Android */
      deviceLabel: string
      /** Format: date-time */
      createdAt: string
    }
    /**
     * @description The payload (JSON, UTF-8) of every Web Push message the server sends: one notification
     *     of the agent. `tag` is the same for a repeat of the same notification, so the device
     *     replaces it instead of stacking a second one; `link` is the app path it opens.
     *     `unreadCount` is the agent's unread notifications after this one (the app badge).
     */
    PushMessage: {
      /** @example Relatório com pendências */
      title: string
      /**
       * @description Plain text, never HTML.
       * @example O validador pediu ajustes no relatório da visita T-4821. Responda em até 48 horas.
       */
      body: string
      /** @example relatorio-com-pendencias-t-4821-1 */
      tag: string
      /**
       * @description An app path (`/tasks/T-4821/validation`, `/event/task?id=…`).
       * @example /tasks/T-4821/validation
       */
      link: string
      kind?: components['schemas']['NotificationKind']
      unreadCount?: number
    }
    /** @enum {string} */
    NotificationKind: 'task' | 'validation' | 'payment' | 'bulletin' | 'system'
    Notification: {
      id: string
      /** @example tarefa-aprovada-t-4821 */
      slug: string
      kind: components['schemas']['NotificationKind']
      /** @example Tarefa aprovada */
      title: string
      /**
       * @description Plain text, never HTML.
       * @example Sua visita T-4821 foi aprovada. R$ 45
       * @example 00 entram na sua carteira.
       */
      body: string
      /** Format: date-time */
      createdAt: string
      /** Format: date-time */
      readAt: string | null
      /** @description An app path (`/tasks/T-4821`) or a deep link (`/event/task?id=…`). */
      link?: string
    }
    NotificationPage: {
      items: components['schemas']['Notification'][]
      total: number
      unreadCount: number
      nextCursor?: string | null
    }
    Bulletin: {
      id: string
      /** @example Novo projeto em Campinas */
      title: string
      /** @description Plain text, never HTML. */
      body: string
      /** Format: date-time */
      publishedAt: string
      /** Format: date-time */
      readAt: string | null
    }
    BulletinList: {
      items: components['schemas']['Bulletin'][]
    }
  }
  responses: {
    /** @description Missing, invalid or expired session. */
    Unauthorized: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/session-expired",
         *       "title": "Sessão expirada",
         *       "status": 401,
         *       "detail": "Sua sessão expirou. Entre novamente.",
         *       "code": "session_expired"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description No such resource for this agent. */
    NotFound: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/not-found",
         *       "title": "Não encontrado",
         *       "status": 404,
         *       "detail": "Tarefa não encontrada.",
         *       "code": "not_found"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Refused by the current state (a transition not allowed, or a stale version). */
    Conflict: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/transition-refused",
         *       "title": "Ação não permitida",
         *       "status": 409,
         *       "detail": "Não é possível fazer check-out antes do check-in.",
         *       "code": "transition_refused"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The code or link expired. */
    Gone: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/otp-expired",
         *       "title": "Código expirado",
         *       "status": 410,
         *       "detail": "Este código expirou. Peça um novo.",
         *       "code": "otp_expired"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The body is not valid; `fields` says which fields and why. */
    Unprocessable: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/validation",
         *       "title": "Dados inválidos",
         *       "status": 422,
         *       "detail": "Confira os campos destacados.",
         *       "code": "validation_failed",
         *       "fields": [
         *         {
         *           "field": "justification",
         *           "message": "Escreva pelo menos 50 caracteres."
         *         }
         *       ]
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Too many requests; `Retry-After` says when to try again. */
    TooManyRequests: {
      headers: {
        /** @description Seconds to wait. */
        'Retry-After'?: number
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/otp-resend-locked",
         *       "title": "Aguarde para pedir outro código",
         *       "status": 429,
         *       "detail": "Você poderá pedir um novo código em 42 s.",
         *       "code": "otp_resend_locked",
         *       "retryAfterSeconds": 42
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /**
     * @description The file is larger than allowed (a photo over 0.4 MB, audio over 10 MB), or the whole
     *     upload is over 10 MB and 64 KiB: that is refused from its `Content-Length` (or as soon
     *     as that many bytes arrived) before the body is read, and the connection is closed.
     */
    PayloadTooLarge: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/file-too-large",
         *       "title": "Arquivo grande demais",
         *       "status": 413,
         *       "detail": "A foto deve ter no máximo 0,4 MB.",
         *       "code": "file_too_large"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The file is not of an accepted type, or the request is not `multipart/form-data`. */
    UnsupportedMediaType: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/unsupported-media",
         *       "title": "Tipo de conteúdo não aceito",
         *       "status": 415,
         *       "detail": "Envie uma foto JPG, PNG ou WebP.",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /**
     * @description The JSON body is over 256 KiB, the most any JSON operation takes. Refused from its
     *     `Content-Length` (or as soon as that many bytes arrived) before the body is read, and
     *     the connection is closed.
     */
    BodyTooLarge: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/body-too-large",
         *       "title": "Corpo grande demais",
         *       "status": 413,
         *       "detail": "O corpo da requisição passa de 256 KiB, o máximo desta operação.",
         *       "code": "body_too_large"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /**
     * @description The body's `Content-Type` is not one the operation declares (JSON sent as `text/plain`,
     *     or no `Content-Type` at all). Refused before the body is read.
     */
    UnsupportedContentType: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/unsupported-media-type",
         *       "title": "Tipo de conteúdo não aceito",
         *       "status": 415,
         *       "detail": "Envie o corpo como application/json.",
         *       "code": "unsupported_media_type"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The service is down or in maintenance. */
    ServiceUnavailable: {
      headers: {
        /** @description Seconds to wait. */
        'Retry-After'?: number
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "https://avaliador.example/problems/maintenance",
         *       "title": "Em manutenção",
         *       "status": 503,
         *       "detail": "Voltamos em alguns minutos.",
         *       "code": "maintenance"
         *     }
         */
        'application/problem+json': components['schemas']['Problem']
      }
    }
  }
  parameters: {
    /**
     * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
     * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
     */
    IdempotencyKey: string
    /** @example rep_7Hk2Qa */
    IdPath: string
    /**
     * @description The task id.
     * @example tsk_4821
     */
    TaskIdPath: string
    /**
     * @description The id of the task offered.
     * @example tsk_4821
     */
    OpportunityTaskIdPath: string
    /**
     * @description The task id or its slug (`T-4821`).
     * @example T-4821
     */
    TaskRefPath: string
    /** @example tarefa-aprovada-t-4821 */
    SlugPath: string
    /** @description Opaque cursor from the previous page's `nextCursor`. */
    Cursor: string
    Limit: number
  }
  requestBodies: never
  headers: never
  pathItems: never
}
export type $defs = Record<string, never>
export interface operations {
  getHealth: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The service is up. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Health']
        }
      }
      503: components['responses']['ServiceUnavailable']
    }
  }
  requestSignInCode: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInCodeRequest']
      }
    }
    responses: {
      /** @description A code was sent, if an agent has the phone. It expires in 10 minutes and may be resent after 60 s. */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['SignInCodeTicket']
        }
      }
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
      429: components['responses']['TooManyRequests']
    }
  }
  verifySignInCode: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInCodeVerification']
      }
    }
    responses: {
      /** @description Signed in. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Session']
        }
      }
      410: components['responses']['Gone']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
      429: components['responses']['TooManyRequests']
    }
  }
  signOut: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Signed out. */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      401: components['responses']['Unauthorized']
    }
  }
  activateAccount: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ActivationRequest']
      }
    }
    responses: {
      /** @description Activated and signed in. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Session']
        }
      }
      404: components['responses']['NotFound']
      410: components['responses']['Gone']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  getMe: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The agent. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Agent']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['ServiceUnavailable']
    }
  }
  setAvailability: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['AvailabilityInput']
      }
    }
    responses: {
      /** @description The updated agent. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Agent']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  getProfile: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The profile. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Profile']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  updateProfile: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ProfileInput']
      }
    }
    responses: {
      /** @description The updated profile. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Profile']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  getCurrentTerms: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The terms. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Terms']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  acceptTerms: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /** @example 2026.2 */
        version: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The agent, with `termsVersionAccepted` set. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Agent']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      422: components['responses']['Unprocessable']
    }
  }
  getWallet: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The wallet. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Wallet']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  updateBankInfo: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['BankInfo']
      }
    }
    responses: {
      /** @description The wallet with the new bank data. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Wallet']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  requestWithdrawal: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['WithdrawalInput']
      }
    }
    responses: {
      /** @description The withdrawal transaction. */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Transaction']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  listMyAwards: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The awards. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['AwardGivenList']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  createAward: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['AwardInput']
      }
    }
    responses: {
      /** @description The award, in status `created`. */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['AwardGiven']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  listOpportunities: {
    parameters: {
      query?: {
        status?: components['schemas']['OpportunityStatus']
        /** @description Opaque cursor from the previous page's `nextCursor`. */
        cursor?: components['parameters']['Cursor']
        limit?: components['parameters']['Limit']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description A page of opportunities. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OpportunityPage']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  getOpportunity: {
    parameters: {
      query?: never
      header?: never
      path: {
        /**
         * @description The id of the task offered.
         * @example tsk_4821
         */
        taskId: components['parameters']['OpportunityTaskIdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The opportunity. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OpportunityDetail']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  acceptOpportunity: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The id of the task offered.
         * @example tsk_4821
         */
        taskId: components['parameters']['OpportunityTaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['AcceptOpportunityInput']
      }
    }
    responses: {
      /** @description The task, now `started`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  declineOpportunity: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The id of the task offered.
         * @example tsk_4821
         */
        taskId: components['parameters']['OpportunityTaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['DeclineOpportunityInput']
      }
    }
    responses: {
      /** @description The opportunity, now `declined`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Opportunity']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  listMyTasks: {
    parameters: {
      query?: {
        /** @description Only tasks in these statuses. */
        status?: components['schemas']['TaskStatusCode'][]
        /** @description Opaque cursor from the previous page's `nextCursor`. */
        cursor?: components['parameters']['Cursor']
        limit?: components['parameters']['Limit']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description A page of tasks. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['TaskPage']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  getTask: {
    parameters: {
      query?: never
      header?: never
      path: {
        /**
         * @description The task id or its slug (`T-4821`).
         * @example T-4821
         */
        id: components['parameters']['TaskRefPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The task. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  checkInByPosition: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The task id.
         * @example tsk_4821
         */
        id: components['parameters']['TaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckinInput']
      }
    }
    responses: {
      /** @description The task with `steps.checkin` set. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  checkOut: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The task id.
         * @example tsk_4821
         */
        id: components['parameters']['TaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckoutInput']
      }
    }
    responses: {
      /** @description The task, now `visited`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  rescheduleTask: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The task id.
         * @example tsk_4821
         */
        id: components['parameters']['TaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['RescheduleInput']
      }
    }
    responses: {
      /** @description The task with the new date. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  cancelTask: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /**
         * @description The task id.
         * @example tsk_4821
         */
        id: components['parameters']['TaskIdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CancelTaskInput']
      }
    }
    responses: {
      /** @description The task, now `canceled`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Task']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  getProject: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The project. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Project']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  getMission: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The mission. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Mission']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  getForm: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The form. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['EvaluationForm']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  getReport: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The report. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Report']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  saveReport: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ReportInput']
      }
    }
    responses: {
      /** @description The saved report. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Report']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  submitReport: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitReportInput']
      }
    }
    responses: {
      /** @description The submitted report and its task, now `validating`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['SubmissionResult']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  getCurrentRevision: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The revision. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Revision']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  answerRevision: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['RevisionAnswersInput']
      }
    }
    responses: {
      /** @description The answered revision. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Revision']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  uploadMedia: {
    parameters: {
      query: {
        /**
         * @description The task (checked in) whose report the evidence is for. In the query, not in the multipart body: the Pact verifier can put a provider state's task id there.
         * @example tsk_4821
         */
        taskId: string
      }
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['MediaUpload']
      }
    }
    responses: {
      /** @description The stored evidence. */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Evidence']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['PayloadTooLarge']
      415: components['responses']['UnsupportedMediaType']
      422: components['responses']['Unprocessable']
    }
  }
  getMediaContent: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The file. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'image/jpeg': string
          'image/png': string
          'image/webp': string
          'audio/webm': string
          'audio/mp4': string
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  listMyNotifications: {
    parameters: {
      query?: {
        /** @description Only unread notifications. */
        unread?: boolean
        /** @description Opaque cursor from the previous page's `nextCursor`. */
        cursor?: components['parameters']['Cursor']
        limit?: components['parameters']['Limit']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description A page of notifications. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['NotificationPage']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  getNotification: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example tarefa-aprovada-t-4821 */
        slug: components['parameters']['SlugPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The notification. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Notification']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  markNotificationRead: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example tarefa-aprovada-t-4821 */
        slug: components['parameters']['SlugPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The notification with `readAt`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Notification']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  listBulletins: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The bulletins. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['BulletinList']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  markBulletinRead: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The bulletin with `readAt`. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Bulletin']
        }
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
  getPushKey: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The key (`applicationServerKey` of `PushManager.subscribe`). */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PushKey']
        }
      }
      401: components['responses']['Unauthorized']
    }
  }
  registerPushSubscription: {
    parameters: {
      query?: never
      header: {
        /**
         * @description A client-made unique key (UUID), scoped to the caller and the operation. A repeat with the same key and body returns the stored first answer (header `Idempotent-Replay: true`) when that answer was a 2xx, kept for 24 hours; a refusal is not stored. Another body with the same key: 422 `idempotency_key_reused`. While the first is running: 409 `idempotency_key_in_use`.
         * @example 5f0c4c1e-8f7a-4c55-9a1e-0a1b2c3d4e5f
         */
        'Idempotency-Key': components['parameters']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PushSubscriptionInput']
      }
    }
    responses: {
      /** @description The subscription as registered. */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PushRegistration']
        }
      }
      401: components['responses']['Unauthorized']
      409: components['responses']['Conflict']
      413: components['responses']['BodyTooLarge']
      415: components['responses']['UnsupportedContentType']
      422: components['responses']['Unprocessable']
    }
  }
  removePushSubscription: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @example rep_7Hk2Qa */
        id: components['parameters']['IdPath']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Removed; nothing more is sent to that device. */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
    }
  }
}
type FlattenedDeepRequired<T> = {
  [K in keyof T]-?: FlattenedDeepRequired<
    T[K] extends unknown[] | undefined | null ? Extract<T[K], unknown[]>[number] : T[K]
  >
}
type ReadonlyArray<T> = [Exclude<T, undefined>] extends [unknown[]]
  ? Readonly<Exclude<T, undefined>>
  : Readonly<Exclude<T, undefined>[]>
export const problemCodeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ProblemCode']
> = [
  'validation_failed',
  'not_found',
  'session_expired',
  'unauthorized',
  'transition_refused',
  'stale_version',
  'already_checked_in',
  'outside_radius',
  'weak_gps_signal',
  'opportunity_expired',
  'date_outside_window',
  'deadline_passed',
  'report_incomplete',
  'award_below_goal',
  'award_already_given',
  'insufficient_balance',
  'bank_info_missing',
  'otp_invalid',
  'otp_expired',
  'otp_locked',
  'otp_resend_locked',
  'activation_invalid',
  'activation_expired',
  'file_too_large',
  'body_too_large',
  'unsupported_media_type',
  'maintenance',
  'internal_error',
  'idempotency_key_reused',
  'idempotency_key_in_use',
]
export const healthStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['Health']['status']
> = ['ok', 'maintenance']
export const signInConnectionValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['SignInConnection']
> = ['sms', 'whatsapp']
export const agentStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['AgentStatus']
> = ['active', 'inactive', 'blocked']
export const addressStateValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['Address']['state']
> = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
]
export const transactionKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['TransactionKind']
> = ['task', 'award', 'withdrawal', 'adjustment']
export const transactionStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['TransactionStatus']
> = ['pending', 'available', 'paid']
export const accountTypeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['AccountType']
> = ['corrente', 'poupanca']
export const proofKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ProofKind']
> = ['audio', 'testimony', 'either', 'none']
export const questionKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['QuestionKind']
> = ['single', 'multi', 'yesno', 'scale', 'number', 'text', 'time', 'photo']
export const taskStatusCodeValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['TaskStatusCode']
> = ['started', 'visited', 'validating', 'approved', 'contested', 'canceled', 'rejected']
export const opportunityStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['OpportunityStatus']
> = ['pending', 'accepted', 'declined', 'expired']
export const reportSectionValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['ReportSection']
> = [
  'answers',
  'attendants',
  'audio',
  'evidences',
  'tax-receipts',
  'testimony',
  'times',
  'checklist',
  'awards',
]
export const evidenceKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['EvidenceKind']
> = ['photo', 'receipt', 'audio']
export const awardStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['AwardStatus']
> = ['created', 'pending', 'complete', 'rejected']
export const revisionStatusValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['RevisionStatus']
> = ['open', 'answered', 'closed']
export const notificationKindValues: ReadonlyArray<
  FlattenedDeepRequired<components>['schemas']['NotificationKind']
> = ['task', 'validation', 'payment', 'bulletin', 'system']
