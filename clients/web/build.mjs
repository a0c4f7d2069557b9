// Builds dist/app.js (one minified bundle) and dist/index.html (copied from src/).
// Reproducible: same sources and lockfile give byte-identical output (no timestamps, no paths).
//
// The generated messages and service descriptor come straight from ../typescript/src/gen. Their
// imports of @bufbuild/protobuf (and anything of @connectrpc) are resolved from THIS package's
// node_modules, so the bundle holds exactly one copy of each, whether or not ../typescript has its
// own node_modules.
import * as esbuild from "esbuild";
import { copyFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");

/** Resolves shared runtime packages from this package, wherever the importer lives. */
const onePerPackage = {
  name: "one-copy-of-runtime-packages",
  setup(build) {
    build.onResolve({ filter: /^@(bufbuild\/protobuf|connectrpc\/connect)(-web)?(\/.*)?$/ }, async (args) => {
      if (args.pluginData === "one-copy") return undefined;
      const r = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: here,
        pluginData: "one-copy",
      });
      if (r.errors.length > 0) return { errors: r.errors };
      return { path: r.path, sideEffects: r.sideEffects };
    });
  },
};

await mkdir(dist, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: ["src/main.ts"],
  outfile: "dist/app.js",
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["es2022"],
  minify: true,
  sourcemap: false,
  legalComments: "eof",
  charset: "utf8",
  metafile: true,
  logLevel: "warning",
  plugins: [onePerPackage],
});

// Guard: one copy of each runtime package in the bundle.
const inputs = Object.keys(result.metafile.inputs);
for (const pkg of ["@bufbuild/protobuf", "@connectrpc/connect/"]) {
  const roots = new Set(
    inputs
      .filter((p) => p.includes(`node_modules/${pkg}`))
      .map((p) => p.slice(0, p.indexOf(`node_modules/${pkg}`))),
  );
  if (roots.size > 1) {
    console.error(`build: ${pkg} bundled from ${roots.size} places: ${[...roots].join(", ")}`);
    process.exit(1);
  }
}

await copyFile(join(here, "src/index.html"), join(dist, "index.html"));
const bytes = result.metafile.outputs["dist/app.js"].bytes;
console.log(`dist/app.js ${bytes} bytes, dist/index.html copied`);
