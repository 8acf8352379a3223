/** The Administration room's words. English (UK). */
export const admin = {
  title: "Administration",
  sections: "Administration sections",
  accounts: "Accounts",
  roles: "Roles",
  credentials: "Service credentials",
  settings: "Community settings",
  charges: "Charges",
  roleLinks: "Role links",
  webhooks: "Webhooks"
}
