/**
 * Debian's Chromium, launched headless with the flags this machine kind needs:
 * no sandbox as root, and no background calls to Google's services (the network is closed).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
