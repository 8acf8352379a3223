/** What this server offers, as its page says (`<meta name="bluelight-offers">`, written by the server). */
export interface Offers {
  readonly developerAccess: boolean
  readonly platformLink: boolean
}

export const readOffers = (doc: Document = document): Offers => {
  const named = new Set((doc.querySelector("meta[name='bluelight-offers']")?.getAttribute("content") ?? "").split(/\s+/))
  return { developerAccess: named.has("developer-access"), platformLink: named.has("platform-link") }
}
