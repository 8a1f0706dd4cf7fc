// `npm run marketing:campaign -- create|code|discount|list ...`: creates campaigns, their
// activity codes and discounts in the configured database (DATA_DIR or DATABASE_URL), or lists
// them; there is no admin screen. Usage in cli/campaign-args.ts; an existing slug or code is
// refused and left as it is.
import { runCli } from "../../../boot/run-cli";
import { campaignCommandFromArgs, CAMPAIGN_USAGE } from "./campaign-args";
import { runCampaignCommand } from "./campaign-commands";

await runCli("marketing:campaign", CAMPAIGN_USAGE, async (database) => {
  const now = new Date();
  const command = campaignCommandFromArgs(process.argv.slice(2), now);
  for (const line of await runCampaignCommand(database.db, command, now))
    process.stdout.write(`marketing:campaign: ${line}\n`);
});
