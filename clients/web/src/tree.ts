// Renders any game's view generically: the protobuf JSON of the game's own message as a
// collapsible tree. Enum values are shortened (CLAIM_FACTION_GNOMES → Gnomes, full name on hover;
// a *_UNSPECIFIED value, "none" by the protos' convention, shows as a muted "—"), arrays of small
// records (cards, markers) become one line of chips, arrays of scalars one line of text.
import type { DescFile, DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { h, humanize, type Child } from "./dom.js";

/** Enum value name → short label, for every enum reachable from `file`. */
export function enumLabels(file: DescFile): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<DescFile>();
  const walkMessage = (m: DescMessage) => {
    for (const e of m.nestedEnums) for (const v of e.values) out.set(v.name, humanize(v.localName));
    for (const n of m.nestedMessages) walkMessage(n);
  };
  const walkFile = (f: DescFile) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const e of f.enums) for (const v of e.values) out.set(v.name, humanize(v.localName));
    for (const m of f.messages) walkMessage(m);
    for (const d of f.dependencies) walkFile(d);
  };
  walkFile(file);
  return out;
}

export interface TreeOptions {
  labels: Map<string, string>;
  /** Paths the user collapsed; kept across re-renders. */
  collapsed: Set<string>;
}

type Scalar = string | number | boolean | null;

function isScalar(v: JsonValue): v is Scalar {
  return v === null || typeof v !== "object";
}

/** A chip's leaf: a scalar, or a short list of scalars. */
type Leaf = Scalar | Scalar[];

const MAX_CHIP_LEAVES = 6;
const MAX_LEAF_LIST = 10;

/**
 * The leaves of a record of records (scalars and short lists of scalars), or undefined if it
 * holds anything bigger.
 */
function leaves(v: JsonObject, prefix = "", out: [string, Leaf][] = []): [string, Leaf][] | undefined {
  for (const [k, x] of Object.entries(v)) {
    if (isScalar(x)) out.push([prefix + k, x]);
    else if (Array.isArray(x)) {
      if (x.length > MAX_LEAF_LIST || !x.every(isScalar)) return undefined;
      out.push([prefix + k, x as Scalar[]]);
    } else if (leaves(x, `${prefix}${k}.`, out) === undefined) return undefined;
  }
  return out;
}

/** An enum value that means "none": FOO_UNSPECIFIED. */
function isUnset(v: string, opts: TreeOptions): boolean {
  return v.endsWith("_UNSPECIFIED") && opts.labels.has(v);
}

function leafText(v: Leaf, opts: TreeOptions): string {
  if (!Array.isArray(v)) return scalarText(v, opts);
  return v.length ? v.map((x) => scalarText(x, opts)).join(",") : "—";
}

export function renderTree(value: JsonValue, opts: TreeOptions): HTMLElement {
  const root = h("div", { class: "tree" });
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    root.append(fields(value, "$", opts));
  } else {
    root.append(scalar(value as Scalar, opts));
  }
  return root;
}

function fields(obj: JsonObject, path: string, opts: TreeOptions): HTMLElement {
  const list = h("div", { class: "fields" });
  for (const [k, v] of Object.entries(obj)) list.append(node(k, v, `${path}.${k}`, opts));
  return list;
}

function scalarText(v: Scalar, opts: TreeOptions): string {
  if (v === null) return "null";
  if (typeof v === "string") return isUnset(v, opts) ? "—" : (opts.labels.get(v) ?? v);
  return String(v);
}

function scalar(v: Scalar, opts: TreeOptions): HTMLElement {
  if (typeof v === "string") {
    if (isUnset(v, opts)) return h("span", { class: "v muted", title: v }, "—");
    const label = opts.labels.get(v);
    if (label !== undefined) return h("span", { class: "v enum", title: v }, label);
    return h("span", { class: "v str" }, v === "" ? "(empty)" : v);
  }
  return h("span", { class: `v ${v === null ? "null" : typeof v}` }, String(v));
}

function row(key: string, ...value: Child[]): HTMLElement {
  return h("div", { class: "row" }, h("span", { class: "k" }, key), ...value);
}

function collapsible(key: string, path: string, summary: Child[], body: Node, opts: TreeOptions): HTMLElement {
  const d = h(
    "details",
    { class: "node", open: !opts.collapsed.has(path), "data-path": path },
    h("summary", null, h("span", { class: "k" }, key), ...summary),
    body,
  );
  d.addEventListener("toggle", () => {
    if (d.open) opts.collapsed.delete(path);
    else opts.collapsed.add(path);
  });
  return d;
}

function node(key: string, v: JsonValue, path: string, opts: TreeOptions): HTMLElement {
  if (isScalar(v)) return row(key, scalar(v, opts));
  if (!Array.isArray(v)) {
    if (Object.keys(v).length === 0) return row(key, h("span", { class: "v muted" }, "{}"));
    return collapsible(key, path, [], fields(v, path, opts), opts);
  }
  const count = h("span", { class: "count" }, `(${v.length})`);
  if (v.length === 0) return row(key, h("span", { class: "v muted" }, "none"));
  if (v.every(isScalar)) {
    return row(key, count, h("span", { class: "v list" }, v.map((x) => scalarText(x as Scalar, opts)).join(", ")));
  }
  // Small records (cards, played cards): chips under a legend of their fields.
  const recs = v.map((x) => (isScalar(x) || Array.isArray(x) ? undefined : leaves(x)));
  if (recs.every((r) => r !== undefined && r.length > 0 && r.length <= MAX_CHIP_LEAVES)) {
    const rs = recs as [string, Leaf][][];
    const legendKeys = rs[0].map(([k]) => k);
    const uniform = rs.every((r) => r.length === legendKeys.length && r.every(([k], i) => k === legendKeys[i]));
    const chips = h(
      "span",
      { class: "chips" },
      rs.map((r) =>
        h(
          "span",
          { class: "chip", title: r.map(([k, x]) => `${k}: ${Array.isArray(x) ? `[${x.join(", ")}]` : x}`).join(", ") },
          r.map(([k, x]) => (uniform ? leafText(x, opts) : `${k}=${leafText(x, opts)}`)).join(" "),
        ),
      ),
    );
    return row(
      key,
      count,
      uniform ? h("span", { class: "legend" }, legendKeys.join(" · ")) : null,
      chips,
    );
  }
  const items = h("ol", { class: "items", start: 0 });
  v.forEach((x, i) => {
    const p = `${path}[${i}]`;
    if (isScalar(x) || Array.isArray(x)) {
      items.append(h("li", null, node(String(i), x, p, opts)));
      return;
    }
    const preview = Object.entries(x)
      .filter(([, y]) => isScalar(y))
      .slice(0, 3)
      .map(([k, y]) => `${k} ${scalarText(y as Scalar, opts)}`)
      .join(" · ");
    items.append(
      h("li", null, collapsible(`${key}[${i}]`, p, [h("span", { class: "preview" }, preview)], fields(x, p, opts), opts)),
    );
  });
  return collapsible(key, path, [count], items, opts);
}
