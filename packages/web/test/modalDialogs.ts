/**
 * jsdom has the `dialog` element, not its modal behaviour: `showModal` and `close` played by the
 * `open` attribute and a `close` event, as a browser would, enough for a test. Imported for its
 * effect by the tests that open modal dialogs.
 */
HTMLDialogElement.prototype.showModal = function(this: HTMLDialogElement) {
  this.setAttribute("open", "")
}
HTMLDialogElement.prototype.close = function(this: HTMLDialogElement) {
  if (!this.hasAttribute("open")) return
  this.removeAttribute("open")
  this.dispatchEvent(new Event("close"))
}
