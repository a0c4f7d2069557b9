//! The docs' checkable facts, read from the docs and checked against the real server binary, so
//! a doc that drifts fails here: the API key scopes (docs/security.md, the example keys file,
//! the README), the flags, defaults and environment variables the docs' tables and sentences
//! state (`tablero --help`), and every curl example of docs/api.md, run against a server.

use serde_json::Value;
use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;
use tablero_e2e::{Backend, Launch, Server, TEST_API_KEY, server_binary};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn doc(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

fn tablero(args: &[&str]) -> Output {
    Command::new(server_binary())
        .args(args)
        .output()
        .expect("run the tablero binary")
}

/// The text of each `code span` in `text`, in order, with its byte offset after the span.
fn code_spans(text: &str) -> Vec<(String, usize)> {
    let mut spans = Vec::new();
    let mut rest = text;
    let mut base = 0;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else { break };
        spans.push((after[..close].to_string(), base + open + close + 2));
        base += open + close + 2;
        rest = &after[close + 1..];
    }
    spans
}

/// `md` without its fenced blocks (their lines blanked, so offsets and line numbers hold).
fn prose(md: &str) -> String {
    let mut fenced = false;
    md.lines()
        .map(|l| {
            let fence = l.trim_start().starts_with("```");
            let keep = !(fenced || fence);
            if fence {
                fenced = !fenced;
            }
            if keep { l } else { "" }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

struct Table {
    line: usize,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// A table row's cells (`\|` is a pipe inside a cell).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                out.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// The markdown tables outside fenced blocks.
fn tables(md: &str) -> Vec<Table> {
    let text = prose(md);
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let is_row = |l: &str| l.trim_start().starts_with('|');
        if is_row(lines[i]) && lines.get(i + 1).is_some_and(|l| l.contains("---")) {
            let mut t = Table {
                line: i + 1,
                header: cells(lines[i]),
                rows: Vec::new(),
            };
            i += 2;
            while i < lines.len() && is_row(lines[i]) {
                t.rows.push(cells(lines[i]));
                i += 1;
            }
            found.push(t);
        } else {
            i += 1;
        }
    }
    found
}

/// The scopes the server knows: `tablero keygen` lists them when it refuses an unknown one.
fn server_scopes() -> Vec<String> {
    let out = tablero(&["keygen", "--name", "docs", "--scopes", "no-such-scope"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "keygen took an unknown scope");
    let list = stderr
        .split_once("unknown scope `no-such-scope` (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(list, _)| list)
        .unwrap_or_else(|| panic!("keygen's refusal lists no scopes: {stderr}"));
    list.split(", ").map(str::to_string).collect()
}

#[test]
fn the_documented_scopes_are_the_servers() {
    let known = server_scopes();
    assert!(known.len() >= 4, "too few scopes: {known:?}");

    // `tablero keygen --help` (a doc comment in main.rs, not the list itself).
    let help = String::from_utf8_lossy(&tablero(&["keygen", "--help"]).stdout).to_string();
    let in_help: Vec<String> = help
        .split_once("Comma-separated scopes: ")
        .map(|(_, rest)| rest.split(['[', '\n']).next().unwrap_or(""))
        .unwrap_or_else(|| panic!("`tablero keygen --help` lists no scopes: {help}"))
        .trim()
        .trim_end_matches('.')
        .split(", ")
        .map(str::to_string)
        .collect();
    assert_eq!(in_help, known, "`tablero keygen --help`'s scopes");

    // docs/security.md: the table whose first column is `scope`, one scope a row.
    let security = doc("docs/security.md");
    let table = tables(&security)
        .into_iter()
        .find(|t| t.header.first().is_some_and(|h| h == "scope"))
        .expect("docs/security.md has a table of the scopes (first column `scope`)");
    let documented: Vec<String> = table
        .rows
        .iter()
        .map(|r| {
            code_spans(&r[0])
                .first()
                .map(|s| s.0.clone())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        documented, known,
        "docs/security.md's scopes table (line {})",
        table.line
    );

    // The example keys file: its comment's list (`#   <scope>   what it allows`), and each key's
    // scopes known; the server itself loads the file below.
    let example = doc("deploy/api-keys.example.toml");
    let listed: Vec<String> = example
        .lines()
        .skip_while(|l| !l.starts_with("# Scopes"))
        .skip(1)
        .take_while(|l| l.starts_with("#   "))
        .filter_map(|l| l[1..].split_whitespace().next().map(str::to_string))
        .collect();
    assert_eq!(
        listed, known,
        "deploy/api-keys.example.toml's `# Scopes` comment"
    );
    for line in example.lines().filter(|l| l.starts_with("scopes")) {
        for scope in line.split('"').skip(1).step_by(2) {
            assert!(
                known.iter().any(|k| k == scope),
                "example key scope `{scope}` unknown"
            );
        }
    }

    // The README's trust model: "carries scopes: `create`, …, `webhooks` (what each allows …".
    let readme = doc("README.md");
    let sentence = readme
        .split_once("carries scopes:")
        .map(|(_, rest)| rest.split('(').next().unwrap_or(""))
        .expect("the README's trust model says which scopes a key carries (`carries scopes:`)");
    let in_readme: Vec<String> = code_spans(sentence).into_iter().map(|s| s.0).collect();
    assert_eq!(in_readme, known, "the README's trust model");

    // Every `--scopes a,b` the docs show is one keygen takes.
    for path in [
        "README.md",
        "docs/api.md",
        "docs/security.md",
        "docs/changes.md",
        "deploy/README.md",
    ] {
        let text = doc(path);
        for (at, _) in text.match_indices("--scopes ") {
            let list: String = text[at + 9..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == ',')
                .collect();
            let out = tablero(&["keygen", "--name", "docs", "--scopes", &list]);
            assert!(
                out.status.success(),
                "{path}: `--scopes {list}`: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }

    // The server starts with the example file as its keys file (so every entry parses).
    let file = root().join("deploy/api-keys.example.toml");
    let server = Server::launch(
        Backend::Memory,
        Launch {
            args: vec!["--api-keys-file".into(), file.display().to_string()],
            ..Launch::default()
        },
    );
    drop(server);
}

/// One option of `tablero --help`: its default and environment variable, as clap prints them.
#[derive(Debug, Default)]
struct Flag {
    default: Option<String>,
    env: Option<String>,
}

/// Every option of `tablero --help` by its long name (`--listen`).
fn server_flags() -> BTreeMap<String, Flag> {
    let out = tablero(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    let mut flags: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in help.lines() {
        let t = line.trim_start();
        // An option's line: `--name <VALUE>` or `-h, --help`, indented less than its text.
        let starts = t.starts_with("--") || (t.len() > 4 && t.as_bytes()[2..4] == *b", ");
        if starts && line.len() - t.len() <= 6 {
            let from = t.find("--").expect("a long name");
            let name: String = t[from..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            flags.insert(name.clone(), t.to_string());
            current = Some(name);
        } else if let Some(name) = &current {
            let text = flags.get_mut(name).unwrap();
            text.push(' ');
            text.push_str(t);
        }
    }
    let bracket = |text: &str, tag: &str| {
        text.split_once(tag)
            .and_then(|(_, rest)| rest.split_once(']'))
            .map(|(v, _)| v.to_string())
    };
    flags
        .into_iter()
        .map(|(name, text)| {
            let flag = Flag {
                default: bracket(&text, "[default: "),
                env: bracket(&text, "[env: ").map(|e| e.split('=').next().unwrap().to_string()),
            };
            (name, flag)
        })
        .collect()
}

/// A default as the docs write it, as clap prints it: `1,024` → `1024`, `256 KiB` → `262144`,
/// `1,000/s` → `1000`, `` `true` (off in `deploy/`) `` → `true`; a dash or nothing: none.
fn documented_default(text: &str) -> Option<String> {
    let t = text.split(" (").next().unwrap_or("").replace('`', "");
    let t = t.trim().trim_end_matches("/s").replace(',', "");
    if t.is_empty() || t == "—" || t == "-" {
        return None;
    }
    for (unit, times) in [(" KiB", 1u64 << 10), (" MiB", 1 << 20), (" GiB", 1 << 30)] {
        if let Some(n) = t.strip_suffix(unit) {
            let n: u64 = n
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("a size: {text}"));
            return Some((n * times).to_string());
        }
    }
    Some(t)
}

/// A table cell's defaults for `n` flags: `100 / 10,000` or `1,000/s, 2,000` for two.
fn split_defaults(cell: &str, n: usize) -> Option<Vec<Option<String>>> {
    if n == 1 {
        return Some(vec![documented_default(cell)]);
    }
    [" / ", ", "]
        .iter()
        .map(|sep| cell.split(sep).collect::<Vec<_>>())
        .find(|parts| parts.len() == n)
        .map(|parts| parts.into_iter().map(documented_default).collect())
}

/// The value a sentence gives as a default right after `text` begins: `(default 604800 = 7
/// days)`, `, default 1000, 0 = off`, `; 64 MiB by default`.
fn sentence_default(text: &str) -> Option<String> {
    let value = |s: &str| -> Option<String> {
        let s = s.trim().trim_start_matches('`');
        let number: String = s
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .collect();
        let number = number.trim_end_matches(',');
        if number.is_empty() {
            return None;
        }
        let unit = s[number.len()..].split_whitespace().next().unwrap_or("");
        let unit = if ["KiB", "MiB", "GiB"].contains(&unit) {
            format!(" {unit}")
        } else {
            String::new()
        };
        documented_default(&format!("{number}{unit}"))
    };
    if let Some((_, after)) = text.split_once("default ") {
        return value(after);
    }
    let (before, _) = text.split_once(" by default")?;
    let words: Vec<&str> = before.split_whitespace().collect();
    let from = words.len().saturating_sub(2);
    value(&words[from..].join(" ")).or_else(|| value(words.last()?))
}

#[test]
fn the_documented_flags_and_defaults_are_the_servers() {
    let flags = server_flags();
    assert!(flags.contains_key("--listen"), "no --listen in {flags:?}");
    let by_env: BTreeMap<&str, &str> = flags
        .iter()
        .filter_map(|(name, f)| f.env.as_deref().map(|e| (e, name.as_str())))
        .collect();
    let mut problems = Vec::new();
    let mut rows = 0;
    // The tables: a column whose header names flags, and one headed `default`.
    for path in ["README.md", "docs/security.md", "deploy/README.md"] {
        for table in tables(&doc(path)) {
            let header = |word: &str| {
                table
                    .header
                    .iter()
                    .position(|h| h.to_lowercase().contains(word))
            };
            let Some(flag_col) = header("flag") else {
                continue;
            };
            let default_col = header("default");
            for (i, row) in table.rows.iter().enumerate() {
                let at = format!("{path}, the table at line {}, row {}", table.line, i + 1);
                let spans: Vec<String> = code_spans(&row[flag_col])
                    .into_iter()
                    .map(|s| s.0)
                    .collect();
                let names: Vec<&String> = spans.iter().filter(|s| s.starts_with("--")).collect();
                let envs: Vec<&String> =
                    spans.iter().filter(|s| s.starts_with("TABLERO_")).collect();
                if names.is_empty() {
                    problems.push(format!("{at}: names no flag: {:?}", row[flag_col]));
                    continue;
                }
                rows += 1;
                let defaults = match default_col {
                    Some(c) => match split_defaults(&row[c], names.len()) {
                        Some(d) => Some(d),
                        None => {
                            problems.push(format!(
                                "{at}: cannot tell which of {:?} is which flag's default",
                                row[c]
                            ));
                            None
                        }
                    },
                    None => None,
                };
                if !envs.is_empty() && envs.len() != names.len() {
                    problems.push(format!("{at}: cannot tell which variable is which flag's"));
                }
                for (k, name) in names.iter().enumerate() {
                    let name = name.split([' ', '=']).next().unwrap();
                    let Some(flag) = flags.get(name) else {
                        problems.push(format!("{at}: `{name}` is not in `tablero --help`"));
                        continue;
                    };
                    if envs.len() == names.len() && flag.env.as_deref() != Some(envs[k].as_str()) {
                        problems.push(format!(
                            "{at}: `{name}` reads {:?}, the table says `{}`",
                            flag.env, envs[k]
                        ));
                    }
                    if let Some(d) = defaults.as_ref().map(|d| &d[k])
                        && *d != flag.default
                    {
                        problems.push(format!(
                            "{at}: `{name}` defaults to {:?}, the table says {d:?}",
                            flag.default
                        ));
                    }
                }
            }
        }
    }
    // Sentences: a flag or variable followed by the default it is said to have, up to the
    // closing parenthesis or the next flag or variable.
    let mut sentences = 0;
    for path in [
        "README.md",
        "docs/security.md",
        "docs/architecture.md",
        "deploy/README.md",
    ] {
        let text = prose(&doc(path));
        let spans = code_spans(&text);
        for (i, (span, end)) in spans.iter().enumerate() {
            let name = span.split(['=', ' ']).next().unwrap();
            let flag = if name.starts_with("--") {
                Some(name)
            } else if name.starts_with("TABLERO_") {
                by_env.get(name).copied()
            } else {
                continue;
            };
            let next = spans
                .get(i + 1)
                .map_or(text.len(), |(_, e)| e - spans[i + 1].0.len() - 2);
            let mut stop = text[*end..next]
                .find([')', '|'])
                .map_or(next, |p| end + p)
                .min(end + 120);
            while !text.is_char_boundary(stop) {
                stop -= 1;
            }
            let Some(said) = sentence_default(&text[*end..stop]) else {
                continue;
            };
            let line = text[..*end].lines().count();
            sentences += 1;
            match flag.and_then(|f| flags.get(f).map(|flag| (f, flag))) {
                None => problems.push(format!(
                    "{path}:{line}: `{span}` (said to default to {said}) is no option of `tablero --help`"
                )),
                Some((f, flag)) if flag.default.as_deref() != Some(said.as_str()) => {
                    problems.push(format!(
                        "{path}:{line}: `{span}` is said to default to {said}; `{f}` defaults to {:?}",
                        flag.default
                    ))
                }
                Some(_) => {}
            }
        }
    }
    assert!(
        rows >= 15,
        "only {rows} flag rows in the docs' tables: has a table lost its `flag` column?"
    );
    assert!(
        sentences >= 5,
        "only {sentences} defaults found in sentences"
    );
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// A fenced block of a markdown file: its language, text and first line.
struct Block {
    lang: String,
    text: String,
    line: usize,
}

fn fenced_blocks(md: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, l) in md.lines().enumerate() {
        let t = l.trim_start();
        match (&mut open, t.strip_prefix("```")) {
            (None, Some(lang)) => {
                open = Some(Block {
                    lang: lang.trim().to_string(),
                    text: String::new(),
                    line: i + 1,
                })
            }
            (Some(_), Some(_)) => blocks.push(open.take().unwrap()),
            (Some(b), None) => {
                b.text.push_str(l);
                b.text.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// What the doc shows a curl call answering: the comment lines after the command, up to the
/// next call (`# HTTP/1.1 409 Conflict`, `# {"code":"aborted",…}`, `# end: {…}`).
#[derive(Debug, Default)]
struct Shown {
    line: usize,
    status: Option<u16>,
    /// The error's Connect code, when the answer shown is an error.
    code: Option<String>,
    /// The rule ID the error's message begins with (`CLM-TRK.3`).
    rule: Option<String>,
    /// The top-level fields of the first message shown (not of an `end:` message).
    fields: Vec<String>,
}

/// The rule ID a refusal's message begins with (`CLM-TRK.3: …`).
fn rule_id(message: &str) -> Option<&str> {
    let id = message.split(':').next()?;
    let shaped =
        id.len() > 4 && id.as_bytes()[3] == b'-' && id[..3].bytes().all(|b| b.is_ascii_uppercase());
    shaped.then_some(id)
}

/// The top-level field names of a JSON object as the docs abbreviate it (`{"a":{…},"b":[…]}`).
fn shown_fields(text: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut depth = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            '"' => {
                let rest = &text[i + 1..];
                let Some(close) = rest.find('"') else { break };
                if depth == 1 && rest[close + 1..].starts_with(':') {
                    fields.push(rest[..close].to_string());
                }
                for _ in 0..=rest[..close].chars().count() {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    fields
}

fn shown(line: usize, comments: &[&str]) -> Shown {
    let mut s = Shown {
        line,
        ..Shown::default()
    };
    let mut first_message = String::new();
    let mut in_first = false;
    for c in comments {
        let t = c.trim_start_matches('#').trim_start();
        if let Some(rest) = t.strip_prefix("HTTP/") {
            s.status = rest.split_whitespace().nth(1).and_then(|v| v.parse().ok());
        }
        let answer = t.starts_with('{') || t.starts_with("end: {");
        let continues = in_first && c.trim_start_matches('#').starts_with("  ");
        if !(answer || continues) {
            in_first = false;
            continue;
        }
        if let Some((_, after)) = t.split_once("\"code\":\"") {
            s.code = after.split('"').next().map(str::to_string);
            let message = t.split_once("\"message\":\"").map_or("", |(_, m)| m);
            s.rule = rule_id(message).map(str::to_string);
        }
        if t.starts_with('{') && first_message.is_empty() {
            in_first = true;
        }
        if in_first {
            first_message.push_str(t);
        }
    }
    s.fields = shown_fields(&first_message);
    s
}

/// The curl calls of a block's text, in order, each with what the doc shows it answering.
fn shown_calls(block: &Block) -> Vec<Shown> {
    let lines: Vec<&str> = block.text.lines().collect();
    let is_call = |l: &str| {
        let t = l.trim_start();
        !t.starts_with('#')
            && t.split(|c: char| c.is_whitespace() || "($|".contains(c))
                .any(|w| w == "curl")
    };
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| is_call(lines[i])).collect();
    starts
        .iter()
        .enumerate()
        .map(|(k, &from)| {
            let to = starts.get(k + 1).copied().unwrap_or(lines.len());
            let comments: Vec<&str> = lines[from..to]
                .iter()
                .copied()
                .filter(|l| l.trim_start().starts_with('#'))
                .collect();
            shown(block.line + 1 + from, &comments)
        })
        .collect()
}

/// One recorded curl call: its arguments, exit status and output.
struct Call {
    args: Vec<String>,
    status: i32,
    out: Vec<u8>,
}

/// A Connect stream's envelopes: (flags, JSON).
fn envelopes(mut raw: &[u8]) -> Result<Vec<(u8, Value)>, String> {
    let mut out = Vec::new();
    while !raw.is_empty() {
        if raw.len() < 5 {
            return Err(format!("{} stray bytes", raw.len()));
        }
        let len = u32::from_be_bytes(raw[1..5].try_into().unwrap()) as usize;
        let body = raw.get(5..5 + len).ok_or("a cut envelope")?;
        let json = serde_json::from_slice(body).map_err(|e| format!("not JSON: {e}"))?;
        out.push((raw[0], json));
        raw = &raw[5 + len..];
    }
    Ok(out)
}

/// What is wrong with `call` given what the doc shows it answering (empty: nothing).
fn check_call(call: &Call, shown: &Shown) -> Vec<String> {
    let mut problems = Vec::new();
    let has = |a: &str| call.args.iter().any(|x| x == a);
    let stream = call
        .args
        .iter()
        .any(|a| a.contains("application/connect+json"));
    let (status, body) = if has("-i") {
        let split = call.out.windows(4).position(|w| w == b"\r\n\r\n");
        let Some(split) = split else {
            return vec!["no HTTP header block (-i)".into()];
        };
        let head = String::from_utf8_lossy(&call.out[..split]).to_string();
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok());
        (status, &call.out[split + 4..])
    } else {
        (None, &call.out[..])
    };
    if shown.status.is_some() && status != shown.status {
        problems.push(format!(
            "HTTP status {status:?}, the doc shows {:?}",
            shown.status
        ));
    }
    let (first, error, ended) = if stream {
        match envelopes(body) {
            Ok(messages) => {
                let end = messages.iter().find(|(f, _)| f & 2 != 0).map(|m| &m.1);
                let first = messages
                    .iter()
                    .find(|(f, _)| f & 2 == 0)
                    .map(|m| m.1.clone());
                (
                    first,
                    end.and_then(|e| e.get("error")).cloned(),
                    end.is_some(),
                )
            }
            Err(e) => {
                problems.push(format!("the stream's answer: {e}"));
                return problems;
            }
        }
    } else {
        match serde_json::from_slice::<Value>(body) {
            Ok(v) => {
                let error =
                    (v.get("code").is_some() && v.get("message").is_some()).then(|| v.clone());
                (Some(v), error, true)
            }
            Err(e) => {
                problems.push(format!(
                    "the answer is not JSON ({e}): {}",
                    String::from_utf8_lossy(body)
                ));
                return problems;
            }
        }
    };
    // A stream that does not end by itself stops at its --max-time (curl's exit status 28).
    let stopped = stream && has("--max-time") && !ended && call.status == 28;
    if call.status != 0 && !stopped {
        problems.push(format!("curl exited with {}", call.status));
    }
    let code = error
        .as_ref()
        .and_then(|e| e.get("code"))
        .and_then(Value::as_str);
    if code != shown.code.as_deref() {
        problems.push(format!(
            "answered {}, the doc shows {}",
            error.as_ref().map_or("no error".into(), |e| e.to_string()),
            shown
                .code
                .as_deref()
                .map_or("no error".into(), |c| format!("`{c}`"))
        ));
    }
    // A refusal's message begins with a rule of the game the doc shows (which rule depends on
    // the deal: the doc's games are random).
    if let Some(rule) = &shown.rule {
        let message = error
            .as_ref()
            .and_then(|e| e.get("message"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let game = |id: &str| id[..4].to_string();
        if rule_id(message).map(game) != Some(game(rule)) {
            problems.push(format!(
                "the error does not begin with a {} rule ID: {message:?}",
                game(rule)
            ));
        }
    }
    if !shown.fields.is_empty() {
        match first.as_ref().and_then(Value::as_object) {
            None => problems.push(format!(
                "no message, the doc shows one with {:?}",
                shown.fields
            )),
            Some(obj) => {
                for f in &shown.fields {
                    if !obj.contains_key(f) {
                        problems.push(format!(
                            "the answer has no `{f}` (it has {:?})",
                            obj.keys().collect::<Vec<_>>()
                        ));
                    }
                }
            }
        }
    }
    problems
}

/// Records every curl call of the script: its arguments, status and output, under
/// `$DOCS_CALLS/<n>.*`, while passing the output on (streams stay streams through `tee`).
const RECORD_CURL: &str = r#"set -eu
curl() {
  __n=$(( $(cat "$DOCS_CALLS/count" 2>/dev/null || echo 0) + 1 ))
  echo "$__n" > "$DOCS_CALLS/count"
  printf '%s\0' "$@" > "$DOCS_CALLS/$__n.args"
  { __s=0; command curl "$@" || __s=$?; echo "$__s" > "$DOCS_CALLS/$__n.status"; } |
    tee "$DOCS_CALLS/$__n.out"
}
"#;

#[test]
fn the_curl_examples_of_the_api_doc_run() {
    const DOC: &str = "docs/api.md";
    const DOCUMENTED: &str = "127.0.0.1:50051";
    for tool in ["bash", "sh", "curl", "jq", "od", "tee"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            found,
            "{DOC}'s examples need `{tool}` on PATH (Debian: apt-get install curl jq)"
        );
    }
    let md = doc(DOC);
    let blocks: Vec<Block> = fenced_blocks(&md)
        .into_iter()
        .filter(|b| !shown_calls(b).is_empty())
        .collect();
    assert!(blocks.len() >= 3, "{DOC} has {} curl blocks", blocks.len());
    for b in &blocks {
        assert!(
            b.text.contains(DOCUMENTED),
            "{DOC}:{}: a curl block that does not call the documented {DOCUMENTED}",
            b.line
        );
        match b.lang.as_str() {
            "bash" => {}
            // Marked sh, it must be POSIX sh (dash on Debian), not bash.
            "sh" => {
                let ok = Command::new("sh").args(["-n", "-c", &b.text]).status();
                assert!(
                    ok.is_ok_and(|s| s.success()),
                    "{DOC}:{}: a ```sh block that sh cannot parse: mark it ```bash",
                    b.line
                );
            }
            other => panic!(
                "{DOC}:{}: a curl block in ```{other}: mark it sh or bash",
                b.line
            ),
        }
    }
    // One session, in order: a block uses the shell variables and functions of those before it.
    let shell = if blocks.iter().any(|b| b.lang == "bash") {
        "bash"
    } else {
        "sh"
    };
    let server = Server::launch(Backend::Memory, Launch::default());
    let calls_dir = std::env::temp_dir().join(format!("tablero-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&calls_dir);
    std::fs::create_dir_all(&calls_dir).unwrap();
    let mut script = RECORD_CURL.to_string();
    for b in &blocks {
        script.push_str(&b.text.replace(DOCUMENTED, &server.addr.to_string()));
    }
    let started = std::time::Instant::now();
    let log = |name: &str| std::fs::File::create(calls_dir.join(name)).unwrap();
    let mut child = Command::new(shell)
        .args(["-c", &script])
        // The harness's key, which has every scope, for the blocks that need one.
        .env("KEY", TEST_API_KEY)
        .env("DOCS_CALLS", &calls_dir)
        .current_dir(&calls_dir)
        .stdout(log("stdout"))
        .stderr(log("stderr"))
        // Its own process group, so a stream that never ends is stopped with its curl.
        .process_group(0)
        .spawn()
        .expect("run the shell");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > Duration::from_secs(60) {
            // SAFETY: signals the process group made for the child above.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |name: String| std::fs::read(calls_dir.join(name)).ok();
    let calls: Vec<Call> = (1..)
        .map_while(|n| {
            Some(Call {
                args: String::from_utf8(read(format!("{n}.args"))?)
                    .unwrap()
                    .split('\0')
                    .map(str::to_string)
                    .collect(),
                status: String::from_utf8(read(format!("{n}.status"))?)
                    .unwrap()
                    .trim()
                    .parse()
                    .unwrap(),
                out: read(format!("{n}.out")).unwrap_or_default(),
            })
        })
        .collect();
    let shown: Vec<Shown> = blocks.iter().flat_map(shown_calls).collect();
    let output = format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&read("stdout".into()).unwrap_or_default()),
        String::from_utf8_lossy(&read("stderr".into()).unwrap_or_default())
    );
    let at = |n: usize| shown.get(n).map_or(0, |s| s.line);
    let Some(status) = status else {
        panic!(
            "{DOC}'s curl blocks still ran after 60 s, at the call of line {} (a stream without \
             --max-time?)\n{output}",
            at(calls.len())
        );
    };
    assert!(
        status.success(),
        "{DOC}'s curl blocks failed ({status}) after {} of {} calls; the last ran is at line {}\n{output}",
        calls.len(),
        shown.len(),
        at(calls.len().saturating_sub(1)),
    );
    assert_eq!(
        calls.len(),
        shown.len(),
        "{DOC}: every curl in its blocks runs once\n{output}"
    );
    let problems: Vec<String> = calls
        .iter()
        .zip(&shown)
        .flat_map(|(call, shown)| {
            check_call(call, shown)
                .into_iter()
                .map(move |p| format!("{DOC}:{}: {p}", shown.line))
        })
        .collect();
    let _ = std::fs::remove_dir_all(&calls_dir);
    assert!(problems.is_empty(), "\n{}\n{output}", problems.join("\n"));
    eprintln!(
        "{} curl calls of {DOC} ran in {:.1} s",
        calls.len(),
        started.elapsed().as_secs_f64()
    );
}
