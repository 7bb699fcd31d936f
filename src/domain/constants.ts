/** Seconds the agent must wait before asking for another sign-in code by SMS. */
export const OTP_RESEND_LOCK_SECONDS = 60

/** Number of digits in a sign-in code. */
export const OTP_LENGTH = 6

/** Wrong sign-in code attempts allowed before the code is locked. */
export const OTP_MAX_ATTEMPTS = 5

/** Seconds a sign-in code stays valid after it is sent. */
export const OTP_TTL_SECONDS = 600

/** Largest size of an uploaded image after compression, in bytes (0.4 MB, rounded down). */
export const IMAGE_MAX_BYTES = Math.floor(0.4 * 1024 * 1024)

/** Largest length of an uploaded image's longest side, in pixels. */
export const IMAGE_MAX_SIDE_PX = 1920

/** Largest audio recording accepted, in bytes (10 MB). */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024

/**
 * Largest JSON request body the API takes, in bytes (256 KiB): many times the largest report
 * the app can send (notes ≤ 5,000 characters, testimony ≤ 1,000, the answers of one form), and
 * small enough that a server never holds much for one request.
 */
export const JSON_BODY_MAX_BYTES = 256 * 1024

/**
 * Largest multipart upload body, in bytes: the largest file (an audio recording) plus 64 KiB
 * for the form's other parts and the boundaries.
 */
export const UPLOAD_BODY_MAX_BYTES = Math.max(IMAGE_MAX_BYTES, AUDIO_MAX_BYTES) + 64 * 1024

/** Highest score a report can reach. */
export const SCORE_CAP = 100

/** Maximum width of the main content column, in CSS pixels. */
export const CONTENT_MAX_WIDTH_PX = 720

/** Fewest characters (Unicode code points) in a justification or written testimony. */
export const JUSTIFICATION_MIN_CHARS = 50

/** Most characters (Unicode code points) in a justification or written testimony. */
export const JUSTIFICATION_MAX_CHARS = 1000

/** Shortest mission time that may be recorded, in seconds (00:05). */
export const TIME_ENTRY_MIN_SECONDS = 5

/** Longest mission time that may be recorded, in seconds (20:00). */
export const TIME_ENTRY_MAX_SECONDS = 1200

/** Check-in radius around a location when the task does not set one, in meters. */
export const DEFAULT_CHECKIN_RADIUS_METERS = 300

/**
 * The worst GPS accuracy a check-in is taken with when the mission sets none, in meters: a
 * reading less precise than this proves nothing about presence and is refused
 * (docs/decisions/0017-gps-accuracy-proves-presence.md).
 */
export const DEFAULT_CHECKIN_MAX_ACCURACY_METERS = 100

/** Most words allowed in an attendant's name (first name and surname). */
export const ATTENDANT_NAME_MAX_WORDS = 2

/** Most characters (Unicode code points) in an attendant's name, after tidying spaces. */
export const ATTENDANT_NAME_MAX_CHARS = 60

/**
 * Free space a visit needs on the phone, in bytes (25 MB): its photos and receipts at the
 * upload limit, one recording, and the records and answers around them, with room to spare.
 */
export const VISIT_DEVICE_SPACE_BYTES = 25 * 1024 * 1024

/**
 * Free space the phone keeps while a visit is under way, in bytes (8 MB): the device's
 * database writes its log and compacts it in that room, and a database written on a full disk
 * may be found corrupt and deleted by the browser. A photo or recording is kept only when it
 * fits with this much to spare; below it the agent is asked to free space.
 */
export const DEVICE_SPACE_MARGIN_BYTES = 8 * 1024 * 1024

/**
 * Minutes a visit's recorded length may run past the mission's `visitMaxMinutes` (the agent
 * finishing a sentence at the counter): a later check-out is recorded at that limit.
 */
export const VISIT_TIME_TOLERANCE_MINUTES = 5

/**
 * Smallest withdrawal, in cents (R$ 1,00). openapi.yaml's `WithdrawalInput.amountCents`
 * minimum says the same to a backend (mocks/handlers/wallet.test.ts checks they agree).
 */
export const WITHDRAWAL_MIN_CENTS = 100

/**
 * How long a short confirmation (the snackbar) stays on its screen, in ms
 * (docs/product/rules.md, docs/decisions/0018-the-snackbar-floats.md). Leaving the screen ends
 * it sooner.
 */
export const SNACKBAR_MS = 2500

/**
 * How often an open visit asks the server for its time, in ms (src/lib/server-time-checks.ts):
 * the visit's timer and limit follow the server's clock within a minute.
 */
export const SERVER_TIME_CHECK_MS = 60_000
