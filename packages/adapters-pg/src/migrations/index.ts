import { Migrator } from "effect/sql"
import auditLog from "./0001_audit_log.js"
import identity from "./0002_identity.js"
import auditLogTruncate from "./0003_audit_log_truncate.js"
import sessionRevocation from "./0004_session_revocation.js"
import civiliansPnc from "./0005_civilians_pnc.js"
import cad from "./0006_cad.js"
import shiftsSessions from "./0007_shifts_sessions.js"
import moderation from "./0008_moderation.js"
import pncRecords from "./0009_pnc_records.js"
import accessChanges from "./0010_access_changes.js"
import foldedKeys from "./0011_folded_keys.js"
import pncOwnerChanges from "./0012_pnc_owner_changes.js"
import gameCalls from "./0013_game_calls.js"
import gameEventInbox from "./0014_game_event_inbox.js"
import gameEventInboxSetAside from "./0015_game_event_inbox_set_aside.js"
import gameCallEnds from "./0016_game_call_ends.js"
import latinLookAlikeKeys from "./0017_latin_look_alike_keys.js"
import communitySettings from "./0018_community_settings.js"
import charges from "./0019_charges.js"
import warrantApproval from "./0020_warrant_approval.js"
import roleSync from "./0021_role_sync.js"
import webhooks from "./0022_webhooks.js"

/** Every migration, in order. The key's number is the migration id; never renumber or edit a landed one. */
export const migrations = Migrator.fromRecord({
  "0001_audit_log": auditLog,
  "0002_identity": identity,
  "0003_audit_log_truncate": auditLogTruncate,
  "0004_session_revocation": sessionRevocation,
  "0005_civilians_pnc": civiliansPnc,
  "0006_cad": cad,
  "0007_shifts_sessions": shiftsSessions,
  "0008_moderation": moderation,
  "0009_pnc_records": pncRecords,
  "0010_access_changes": accessChanges,
  "0011_folded_keys": foldedKeys,
  "0012_pnc_owner_changes": pncOwnerChanges,
  "0013_game_calls": gameCalls,
  "0014_game_event_inbox": gameEventInbox,
  "0015_game_event_inbox_set_aside": gameEventInboxSetAside,
  "0016_game_call_ends": gameCallEnds,
  "0017_latin_look_alike_keys": latinLookAlikeKeys,
  "0018_community_settings": communitySettings,
  "0019_charges": charges,
  "0020_warrant_approval": warrantApproval,
  "0021_role_sync": roleSync,
  "0022_webhooks": webhooks
})
