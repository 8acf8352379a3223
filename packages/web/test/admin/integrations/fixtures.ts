import { AT } from "./fakeApi.js"

/** Wire-shaped records of the integrations' tests, as the API answers them. */
export const CHARGE_ID = "01a2352a-d94e-7539-a6d0-e6e376d98e01"
export const chargeJson = (over: Record<string, unknown> = {}) => ({
  id: CHARGE_ID,
  code: "SP30",
  title: "Exceeding the speed limit",
  category: "Traffic",
  fineMin: 100,
  fineMax: 1000,
  points: 3,
  endorsementCode: "SP30",
  custodyMaxDays: null,
  warningApplicable: true,
  active: true,
  createdAt: AT,
  updatedAt: AT,
  ...over
})

export const ROLE_ID = "01a2352a-d94e-7539-a6d0-e6e376d98f01"
export const ADMIN_ROLE_ID = "01a2352a-d94e-7539-a6d0-e6e376d98f00"
export const roles = [
  { id: ADMIN_ROLE_ID, name: "Administrator", permissions: ["admin.manage", "cad.view"] },
  { id: ROLE_ID, name: "Dispatcher", permissions: ["cad.view", "cad.dispatch"] },
  { id: "01a2352a-d94e-7539-a6d0-e6e376d98f02", name: "Leads", permissions: ["staff.view"] }
]
export const roleLinkJson = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d98f11",
  providerRoleId: "1187654321098765432",
  role: { id: ROLE_ID, name: "Dispatcher" },
  createdAt: AT,
  createdBy: "01a2352a-d94e-7539-a6d0-e6e376d98952",
  ...over
})

export const WEBHOOK_ID = "01a2352a-d94e-7539-a6d0-e6e376d98a11"
export const MESSAGE_ID = "01a2352a-d94e-7539-a6d0-e6e376d98a21"
export const SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldC0xMg=="
export const webhookJson = (over: Record<string, unknown> = {}) => ({
  id: WEBHOOK_ID,
  url: "https://bot.example.com/bluelight",
  events: ["cad.panic"],
  description: "Discord bot",
  active: true,
  createdAt: AT,
  updatedAt: AT,
  revokedAt: null,
  ...over
})
export const deliveryJson = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d98a31",
  messageId: MESSAGE_ID,
  type: "webhook.test",
  attempt: 1,
  status: "PENDING",
  responseStatus: null,
  error: null,
  createdAt: AT,
  nextAttemptAt: null,
  ...over
})
