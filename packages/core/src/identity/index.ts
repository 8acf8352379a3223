/**
 * Identity and access: accounts, sessions and sign-in, roles, staff profiles,
 * service credentials, Developer Access, and the caller and permission rules
 * every other context checks its operations against.
 */
export * from "./Account.js"
export * from "./accountsAdmin.js"
export * from "./authenticate.js"
export * from "./Caller.js"
export * from "./checkAccess.js"
export * from "./credentials.js"
export * from "./developerAccess.js"
export * from "./effectivePermissions.js"
export * from "./errors.js"
export * from "./me.js"
export * from "./permissions.js"
export * from "./platformLink.js"
export * from "./ports.js"
export * from "./profileText.js"
export * from "./Role.js"
export * from "./roles.js"
export * from "./ServiceCredential.js"
export * from "./Session.js"
export * from "./sessionRecords.js"
export * from "./signIn.js"
export * from "./signInStarts.js"
export * from "./SignInState.js"
export * from "./staff.js"
export * from "./StaffProfile.js"
