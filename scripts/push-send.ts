// `npm run push:send -- --campaign <slug> [--title ..] [--body ..] [--url /campaign?...]
// [--language en] [--system-id 14]`: sends a campaign push to every subscriber (or those of one
// language / edition) with the server's VAPID key, deletes subscriptions the push service reports
// gone (404/410) and prints the counts. The campaign must exist (npm run marketing:campaign); its
// title and description (in --language, else English) are the default title and body, and the
// push opens its page. Uses DATABASE_URL or DATA_DIR like the data CLIs (with the embedded
// database, stop the server first).
import { parseArgs, UsageError } from "../server/boot/cli-args";
import { runCli } from "../server/boot/run-cli";
import { UI_LOCALES } from "../server/modules/catalog/engine";
import { campaignPayload, loadVapidKeys, sendCampaign, type Campaign } from "../server/modules/engagement";
import { findCampaignBySlug } from "../server/modules/marketing";
import type { Locale } from "../contract/locales";

const USAGE =
  "npm run push:send -- --campaign <slug> [--title <text>] [--body <text>] [--url </path>] [--language zh|en|vi|id|th] [--system-id 13|14]";

await runCli("push:send", USAGE, async (database, config) => {
  const args = parseArgs(process.argv.slice(2), ["campaign", "title", "body", "url", "language", "system-id"]);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const slug = args.options.get("campaign");
  if (!slug) throw new UsageError("--campaign is required");
  const language = args.options.get("language");
  if (language !== undefined && !(UI_LOCALES as readonly string[]).includes(language))
    throw new UsageError(`--language must be one of ${UI_LOCALES.join(", ")}`);
  const system = args.options.get("system-id");
  if (system !== undefined && system !== "13" && system !== "14") throw new UsageError("--system-id must be 13 or 14");
  const known = await findCampaignBySlug(database.db, slug);
  if (!known) throw new Error(`no campaign '${slug}' (npm run marketing:campaign -- list shows them)`);
  const text = (texts: Partial<Record<Locale, string>>) => texts[(language ?? "en") as Locale] ?? texts.en;
  const campaign: Campaign = {
    slug,
    title: args.options.get("title") ?? text(known.titles) ?? "ShopRadar",
    body: args.options.get("body") ?? text(known.descriptions) ?? "A new campaign is waiting for you. Tap to see it.",
    url: args.options.get("url"),
    language,
    systemId: system === undefined ? undefined : Number(system),
  };
  try {
    campaignPayload(campaign);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const report = await sendCampaign(database.db, await loadVapidKeys(database.db, config), campaign, {
    pushHosts: config.pushServiceHosts,
  });
  process.stdout.write(
    `push:send: campaign ${slug}: ${report.total} subscribers; sent ${report.sent}, failed ${report.failed}, removed ${report.removed}\n`,
  );
  for (const [reason, n] of report.reasons) process.stdout.write(`  ${n} x ${reason}\n`);
  if (report.failed > 0) process.exitCode = 1;
});
