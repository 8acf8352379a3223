/** A state in its colour and its word (never colour alone): `tone` is one of the badge colours of `styles.css`. */
export const StatusBadge = ({ tone, children }: { readonly tone: "ok" | "warn" | "danger" | "info" | "muted"; readonly children: string }) => (
  <span className={`badge ${tone}`}>{children}</span>
)
