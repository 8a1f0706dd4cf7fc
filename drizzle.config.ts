// drizzle-kit configuration: generates SQL migrations from server/db/schema.ts into
// server/db/migrations (committed; server/db/client.ts applies them at boot).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
