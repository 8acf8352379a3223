import type { ModerationType } from "./ModerationAction.js"

/**
 * The command line is one line: any run of white space (new lines included)
 * becomes one space, so a reason can never smuggle a second command in.
 */
const oneLine = (text: string): string => text.replace(/\s+/gu, " ").trim()

/**
 * The fixed command for an action (docs/decisions/moderation.md, "Commands"): warnings as a
 * private message to the username, kicks by username, bans by platform id.
 */
export const gameCommandFor = (
  type: ModerationType,
  target: { readonly username: string; readonly platformId: string },
  reason: string
): string => {
  switch (type) {
    case "warn":
      return `:pm ${target.username} ${oneLine(reason)}`
    case "kick":
      return `:kick ${target.username} ${oneLine(reason)}`
    case "ban":
      return `:ban ${target.platformId} ${oneLine(reason)}`
  }
}
