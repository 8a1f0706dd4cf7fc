// The global prompts' confirm dialog (login prompt, Google check) is the shared Dialog: this
// name stays for the screens that import it.
export { Dialog as ConfirmDialog, type DialogProps as ConfirmDialogProps } from "./Dialog";
