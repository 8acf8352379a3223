import type { ServiceCredential } from "@bluelight/core/identity"

export const presentCredential = (credential: ServiceCredential) => ({
  id: credential.id,
  name: credential.name,
  scopes: credential.scopes,
  createdAt: credential.createdAt,
  expiresAt: credential.expiresAt,
  revokedAt: credential.revokedAt,
  issuedBy: credential.issuedBy
})
