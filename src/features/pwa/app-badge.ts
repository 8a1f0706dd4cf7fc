// The app icon's badge (Badging API, where supported: installed Chromium apps, iOS home-screen
// apps): the count of unread monitor alerts; cleared once they are read.

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function showUnreadBadge(count: number, nav: Navigator = navigator): void {
  const badging = nav as BadgingNavigator;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  void done?.catch(() => undefined);
}
