// The new-registration dialog's launcher (helper H5 builds it): mounted once by OverlayHost,
// tiny; loads the dialog chunk only when the new-registration flag is set.
export function NewUserLauncher() {
  return null;
}
