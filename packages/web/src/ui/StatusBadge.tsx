/** The badge colours of `styles.css`. */
export type Tone = "ok" | "warn" | "danger" | "info" | "muted"

/** A state in its colour and its word (never colour alone). */
export const StatusBadge = ({ tone, children }: { readonly tone: Tone; readonly children: string }) => <span className={`badge ${tone}`}>{children}</span>
