import type { Alert } from "./alerts.js"

/** Alerts as badges, each its colour and its words; nothing when there are none. */
export const AlertBadges = ({ alerts, label, large = false }: { readonly alerts: ReadonlyArray<Alert>; readonly label: string; readonly large?: boolean }) =>
  alerts.length === 0 ? null : (
    <ul className={large ? "pnc-alerts large" : "pnc-alerts"} aria-label={label}>
      {alerts.map((alert) => <li key={alert.key} className={`badge ${alert.tone}`}>{alert.text}</li>)}
    </ul>
  )
