/**
 * The app's icons: one small SVG set, drawn from Lucide's shapes (ISC licence, lucide.dev;
 * the path data is theirs). Our own 20-line component instead of lucide-react: its runtime
 * (context, class merging) cost 1.6 KiB gzip in the entry, and /login has a 135 KiB budget.
 *
 * Each icon is decoration beside a word, or inside a control that has its own name, so it
 * is hidden from screen readers. It is as tall as the text around it (1.25em) unless a
 * component's CSS sizes it, and takes the text's colour.
 */
import type { ReactNode, SVGProps } from 'react'

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

function icon(name: string, shapes: ReactNode) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className ? `app-icon ${className}` : 'app-icon'}
        data-icon={name}
        {...props}
      >
        {shapes}
      </svg>
    )
  }
  return Icon
}

export const BackIcon = icon(
  'arrow-left',
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
)

export const NotificationsIcon = icon(
  'bell',
  <>
    <path d="M10.268 21a2 2 0 0 0 3.464 0" />
    <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" />
  </>,
)

export const OpportunitiesIcon = icon(
  'briefcase-business',
  <>
    <path d="M12 12h.01" />
    <path d="M16 6V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2" />
    <path d="M22 13a18.15 18.15 0 0 1-20 0" />
    <rect width="20" height="14" x="2" y="6" rx="2" />
  </>,
)

export const CheckIcon = icon(
  'check',
  <>
    <path d="M20 6 9 17l-5-5" />
  </>,
)

export const ChevronIcon = icon(
  'chevron-right',
  <>
    <path d="m9 18 6-6-6-6" />
  </>,
)

export const HelpIcon = icon(
  'circle-question-mark',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5" />
    <path d="M12 17h.01" />
  </>,
)

export const AccountIcon = icon(
  'circle-user-round',
  <>
    <path d="M17.925 20.056a6 6 0 0 0-11.851.001" />
    <circle cx="12" cy="11" r="4" />
    <circle cx="12" cy="12" r="10" />
  </>,
)

export const TasksIcon = icon(
  'clipboard-check',
  <>
    <rect width="8" height="4" x="8" y="2" rx="1" ry="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <path d="m9 14 2 2 4-4" />
  </>,
)

export const TimerIcon = icon(
  'timer',
  <>
    <line x1="10" x2="14" y1="2" y2="2" />
    <line x1="12" x2="15" y1="14" y2="11" />
    <circle cx="12" cy="14" r="8" />
  </>,
)

export const WarningIcon = icon(
  'triangle-alert',
  <>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </>,
)

export const CloseIcon = icon(
  'x',
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
)
