// Lint for the whole repository (npm run lint; npm test runs it before the unit tests):
// typescript-eslint's type-checked recommendations everywhere, React's hook rules for the app,
// and every disable comment must say why.
import js from "@eslint/js";
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "dist/",
    "dist-server/",
    "data/",
    "coverage/",
    "public/",
    "locales/",
    "server/db/migrations/",
    "tests/layout/fixtures/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig that owns it (root, sw/ or contract/).
        projectService: { allowDefaultProject: ["*.js", "scripts/*.mjs", ".dependency-cruiser.cjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Underscore-prefixed parameters are deliberately unused (signatures fixed by a caller).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Callbacks typed as properties, not methods: a destructured prop or option (`onChange`)
      // is then a plain function, and unbound-method keeps meaning "a method lost its this".
      "@typescript-eslint/method-signature-style": ["error", "property"],
      // Off on purpose: Fastify handlers and hooks, Workbox plugins and fakes of Promise-returning
      // interfaces are async without awaiting by design. The promise mistakes that matter are
      // caught by no-floating-promises and no-misused-promises, which stay on.
      "@typescript-eslint/require-await": "off",
    },
  },
  comments.recommended,
  { rules: { "@eslint-community/eslint-comments/require-description": "error" } },
  {
    files: ["src/**/*.{ts,tsx}", "tests/unit/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["sw/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Tests read untyped answers (app.inject().json(), page.evaluate(), JSON.parse of bodies)
    // and assert on their fields: a wrong shape fails the assertion, so the no-unsafe-* rules
    // would only ask for casts that prove nothing. expect(mock.method) is not a call either.
    files: ["tests/**/*.{ts,tsx}", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Server test files share their worker's loaded modules (isolate: false in vitest.config.ts):
    // a module mock, stubbed global or stubbed variable would reach the files after it.
    files: ["tests/server/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "stubGlobal", "stubEnv"].map((property) => ({
          object: "vi",
          property,
          message: "Server test files share loaded modules (isolate: false); build the app with the config instead.",
        })),
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]);
