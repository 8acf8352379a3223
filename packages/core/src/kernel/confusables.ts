/**
 * Letters of other scripts that look like Latin ones, each with the Latin
 * letter (or hyphen) it passes for. The source is Unicode's confusables data
 * (UTS #39, Unicode Security Mechanisms, `confusables.txt`): its entries for
 * the Cyrillic and Greek letters and the dashes that are drawn like a Latin
 * letter or `-` in common fonts. Two choices differ from that file, both so
 * the table works with case folding (`foldedKey` maps, folds case, and maps
 * again): a capital maps to the Latin capital it looks like (UTS #39 sends
 * Cyrillic `І` and Greek `Ι` to `l`, because it maps Latin `I` to `l` too,
 * which a case-blind key must not), and small letters that look like Latin
 * small capitals (Cyrillic `в`, `м`, `н`, `т`) are left out: they look like
 * their Latin letter only in capitals, which their capitals cover.
 * Compatibility forms (full-width `Ａ`, mathematical `𝐀`, `ﬁ`) are not here:
 * NFKC folds them first.
 *
 * Latin's own look-alikes are here too (issue 30: `Dispɑtcher` with the
 * Latin alpha `ɑ` passed for `Dispatcher`): the letters of the IPA and
 * Latin Extended blocks that UTS #39 maps to a basic Latin letter and that
 * common fonts draw as that letter (`ɑ`, `ɡ`, `ɩ`, `ȷ`, `ǀ`, the APL alpha),
 * with their capitals where Unicode has them (`Ɑ`, `Ɡ`, `Ɩ`) mapped to the
 * capital they look like, by the rule above. The dotless `ı` needs no entry
 * (case folding makes it `i`). Small capitals (`ɪ`, `ʏ`, `ʀ`) are left out, as
 * the Cyrillic ones are.
 */
export const CONFUSABLE_LATIN: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  "\u0410": "A", // А
  "\u0412": "B", // В
  "\u0415": "E", // Е
  "\u0405": "S", // Ѕ
  "\u0406": "I", // І
  "\u0408": "J", // Ј
  "\u041a": "K", // К
  "\u041c": "M", // М
  "\u041d": "H", // Н
  "\u041e": "O", // О
  "\u0420": "P", // Р
  "\u0421": "C", // С
  "\u0422": "T", // Т
  "\u0423": "Y", // У
  "\u0425": "X", // Х
  "\u04ae": "Y", // Ү
  "\u04ba": "H", // Һ
  "\u04c0": "I", // Ӏ
  "\u051a": "Q", // Ԛ
  "\u051c": "W", // Ԝ
  // Cyrillic small letters
  "\u0430": "a", // а
  "\u0435": "e", // е
  "\u043a": "k", // к
  "\u043e": "o", // о
  "\u0440": "p", // р
  "\u0441": "c", // с
  "\u0443": "y", // у
  "\u0445": "x", // х
  "\u0455": "s", // ѕ
  "\u0456": "i", // і
  "\u0458": "j", // ј
  "\u04bb": "h", // һ
  "\u04cf": "l", // ӏ
  "\u04af": "y", // ү
  "\u0475": "v", // ѵ
  "\u0501": "d", // ԁ
  "\u051b": "q", // ԛ
  "\u051d": "w", // ԝ
  // Greek capitals
  "\u0391": "A", // Α
  "\u0392": "B", // Β
  "\u0395": "E", // Ε
  "\u0396": "Z", // Ζ
  "\u0397": "H", // Η
  "\u0399": "I", // Ι
  "\u039a": "K", // Κ
  "\u039c": "M", // Μ
  "\u039d": "N", // Ν
  "\u039f": "O", // Ο
  "\u03a1": "P", // Ρ
  "\u03a4": "T", // Τ
  "\u03a5": "Y", // Υ
  "\u03a7": "X", // Χ
  "\u03f9": "C", // Ϲ
  "\u037f": "J", // Ϳ
  // Greek small letters
  "\u03b1": "a", // α
  "\u03b9": "i", // ι
  "\u03ba": "k", // κ
  "\u03bd": "v", // ν
  "\u03bf": "o", // ο
  "\u03c1": "p", // ρ
  "\u03c5": "u", // υ
  "\u03f2": "c", // ϲ
  "\u03f3": "j", // ϳ
  // Latin look-alikes of Latin letters (IPA, Latin Extended, APL)
  "\u0251": "a", // ɑ Latin alpha
  "\u2c6d": "A", // Ɑ Latin capital alpha
  "\u237a": "a", // ⍺ APL alpha
  "\u0261": "g", // ɡ script g
  "\ua7ac": "G", // Ɡ capital script g
  "\u0269": "i", // ɩ Latin iota
  "\u0196": "I", // Ɩ Latin capital iota
  "\u0237": "j", // ȷ dotless j
  "\u01c0": "l", // ǀ dental click
  // Hyphens and dashes drawn like `-`
  "\u2010": "-", // ‐ hyphen
  "\u2011": "-", // ‑ non-breaking hyphen
  "\u2012": "-", // ‒ figure dash
  "\u2013": "-", // – en dash
  "\u2212": "-" // − minus sign
}
