// Unit-test setup: happy-dom's <dialog> has showModal() and close() but no close requests. In a
// browser, Escape pressed while a modal dialog is open (and not cancelled by a keydown handler)
// fires a cancelable "cancel" event at the topmost modal dialog, which closes unless a listener
// cancels it. This adds exactly that, so unit tests press Escape as a user does and reach the
// app's own cancel handling. Nothing else of the dialog (focus trap, inertness) is imitated: the
// e2e tests check those in Chromium.
// Tests that run in the node environment (`@vitest-environment node`) have no DOM: nothing to add.
if (typeof HTMLDialogElement !== "undefined") {
  const modals: HTMLDialogElement[] = [];
  const showModal = HTMLDialogElement.prototype.showModal;

  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    showModal.call(this);
    modals.push(this);
  };

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const open = modals.filter((dialog) => dialog.open && dialog.isConnected);
    modals.splice(0, modals.length, ...open);
    const top = open.at(-1);
    if (top && top.dispatchEvent(new Event("cancel", { cancelable: true }))) top.close();
  });
}
