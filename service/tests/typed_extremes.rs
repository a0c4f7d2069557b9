//! Extreme values in every typed field, per game: actions through `Session::apply_input`,
//! options and scenarios through `GameKind::new_game`, campaign options through
//! `CampaignKind::new_campaign` (and the first play it starts).
//!
//! The messages are built from the descriptors (`tablero_proto::v1::FILE_DESCRIPTOR_SET`), so a
//! variant or field added to a game's proto later is covered without touching this file. Every
//! number takes values from {0, 1, 2, small, type max − 1, type max, …}, every repeated field 0,
//! 1 or many entries, every string a long one too. Each call must not panic, must end in OK,
//! INVALID_ARGUMENT or FAILED_PRECONDITION, must leave a refused session byte-identical, and must
//! not allocate beyond a bound: a counting global allocator records, for the calling thread
//! only, the largest single allocation and the bytes allocated during the call.

use proptest::test_runner::{Config, TestCaseError, TestRunner};
use prost::Message;
use prost_reflect::{
    DescriptorPool, DynamicMessage, FieldDescriptor, Kind, MessageDescriptor, Value,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;
use tablero_proto::v1 as pb;
use tablero_service::engine::host::{ActionInput, GameKind, Hosts, Session};
use tablero_service::error::ApiError;
use tablero_service::rpc::games::{self as games, Wires, registries};
use tablero_service::store::blob::Blob;
use tonic::Code;

// ---- the counting allocator -----------------------------------------------------------------

/// The system allocator, counting the current thread's allocations while `TRACKING` is on.
struct Counting;

thread_local! {
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn count(size: usize) {
    // `try_with`: allocations during thread teardown must not panic.
    let _ = TRACKING.try_with(|t| {
        if t.get() {
            let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
            let _ = TOTAL.try_with(|c| c.set(c.get().saturating_add(size)));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The largest single allocation any one call may make.
const MAX_SINGLE_ALLOCATION: usize = 1 << 20;
/// The bytes any one call may allocate in all (legitimate setups and moves stay far below).
const MAX_TOTAL_ALLOCATION: usize = 64 << 20;

/// Runs `f` with the thread's allocations counted: (result, largest, total).
fn measured<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    LARGEST.with(|l| l.set(0));
    TOTAL.with(|c| c.set(0));
    TRACKING.with(|t| t.set(true));
    let out = f();
    TRACKING.with(|t| t.set(false));
    (out, LARGEST.with(Cell::get), TOTAL.with(Cell::get))
}

// ---- values ---------------------------------------------------------------------------------

/// splitmix64: the fills are a pure function of one seed, so proptest can replay them.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
}

/// Entries of a repeated field filled "many": past any sane ceiling, small enough to encode fast.
const MANY: usize = 1_000;
/// Nested messages deeper than this are left unset (the protos recurse nowhere today).
const MAX_FILL_DEPTH: usize = 8;
const LONG_STRING: usize = 10_000;

/// Every extreme value of a scalar field's kind (enums: every listed value and some unlisted).
fn extremes(field: &FieldDescriptor, rng: &mut Rng) -> Vec<Value> {
    let small = 3 + rng.below(30) as u64;
    match field.kind() {
        Kind::Uint32 | Kind::Fixed32 => [0, 1, 2, small as u32, 1 << 16, u32::MAX - 1, u32::MAX]
            .map(Value::U32)
            .to_vec(),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
            [0, 1, 2, -1, small as i32, i32::MAX - 1, i32::MAX, i32::MIN]
                .map(Value::I32)
                .to_vec()
        }
        Kind::Uint64 | Kind::Fixed64 => [0, 1, 2, small, 1 << 32, u64::MAX - 1, u64::MAX]
            .map(Value::U64)
            .to_vec(),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => {
            [0, 1, 2, -1, small as i64, i64::MAX - 1, i64::MAX, i64::MIN]
                .map(Value::I64)
                .to_vec()
        }
        Kind::Bool => vec![Value::Bool(false), Value::Bool(true)],
        Kind::Float => [0.0, -1.0, f32::NAN, f32::INFINITY, f32::MAX]
            .map(Value::F32)
            .to_vec(),
        Kind::Double => [0.0, -1.0, f64::NAN, f64::INFINITY, f64::MAX]
            .map(Value::F64)
            .to_vec(),
        Kind::String => vec![
            Value::String(String::new()),
            Value::String("a".into()),
            Value::String("\u{202e}\u{200b}x".into()),
            Value::String("x".repeat(LONG_STRING)),
        ],
        Kind::Bytes => vec![
            Value::Bytes(Default::default()),
            Value::Bytes(vec![0xff; LONG_STRING].into()),
        ],
        Kind::Enum(e) => {
            let mut v: Vec<Value> = e.values().map(|x| Value::EnumNumber(x.number())).collect();
            let top = e.values().map(|x| x.number()).max().unwrap_or(0);
            v.extend([top + 1, -1, i32::MAX, i32::MIN].map(Value::EnumNumber));
            v
        }
        Kind::Message(_) => Vec::new(),
    }
}

/// A plausible value: small numbers, listed enum values, short strings.
fn benign(field: &FieldDescriptor, rng: &mut Rng) -> Value {
    let n = rng.below(4) as u64;
    match field.kind() {
        Kind::Uint32 | Kind::Fixed32 => Value::U32(n as u32),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(n as i32),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(n),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(n as i64),
        Kind::Bool => Value::Bool(n.is_multiple_of(2)),
        Kind::Float => Value::F32(n as f32),
        Kind::Double => Value::F64(n as f64),
        Kind::String => Value::String(["", "a", "base_2p", "solo"][n as usize].into()),
        Kind::Bytes => Value::Bytes(vec![n as u8].into()),
        Kind::Enum(e) => {
            let listed: Vec<i32> = e.values().map(|x| x.number()).filter(|&x| x != 0).collect();
            Value::EnumNumber(if listed.is_empty() {
                0
            } else {
                rng.pick(&listed)
            })
        }
        Kind::Message(m) => Value::Message(fill(&m, rng, 1, Fill::Benign)),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Fill {
    /// Plausible values; repeated fields get one entry.
    Benign,
    /// Every number, string and count is drawn from the extremes.
    Wild,
    /// As `Wild`, inside a list that already has many entries: no more "many" below, so an
    /// input stays far under the transport's message limit (its size is not what is tested).
    WildInsideMany,
}

/// A value of `field` (one entry of it when repeated).
fn value(field: &FieldDescriptor, rng: &mut Rng, depth: usize, how: Fill) -> Option<Value> {
    match field.kind() {
        Kind::Message(m) => {
            (depth < MAX_FILL_DEPTH).then(|| Value::Message(fill(&m, rng, depth + 1, how)))
        }
        // Long strings only outside "many" lists, so inputs stay far below the 4 MiB a
        // request may carry.
        Kind::String | Kind::Bytes if how == Fill::WildInsideMany => Some(benign(field, rng)),
        _ if how != Fill::Benign && rng.below(3) > 0 => {
            let xs = extremes(field, rng);
            Some(rng.pick(&xs))
        }
        _ => Some(benign(field, rng)),
    }
}

/// `desc` with every field set: each real oneof gets one random variant (or none), proto3
/// optionals are set or not, repeated fields get 0, 1 or many entries (`Wild`) or one.
fn fill(desc: &MessageDescriptor, rng: &mut Rng, depth: usize, how: Fill) -> DynamicMessage {
    let mut msg = DynamicMessage::new(desc.clone());
    let mut chosen: HashMap<String, Option<u32>> = HashMap::new();
    for oneof in desc.oneofs().filter(|o| !o.is_synthetic()) {
        let fields: Vec<u32> = oneof.fields().map(|f| f.number()).collect();
        let pick = (rng.below(fields.len() + 1) < fields.len()).then(|| rng.pick(&fields));
        chosen.insert(oneof.full_name().to_string(), pick);
    }
    for field in desc.fields() {
        if let Some(o) = field.containing_oneof() {
            let wanted = if o.is_synthetic() {
                rng.below(4) > 0
            } else {
                chosen.get(o.full_name()).copied().flatten() == Some(field.number())
            };
            if !wanted {
                continue;
            }
        }
        if field.is_map() {
            // No map fields in the protos today; an empty map keeps a new one harmless here.
            continue;
        }
        if field.is_list() {
            let n = match how {
                Fill::Benign => 1,
                Fill::Wild => [0, 1, 2, MANY][rng.below(4)],
                Fill::WildInsideMany => [0, 1, 2, 8][rng.below(4)],
            };
            let inner = if n == MANY { Fill::WildInsideMany } else { how };
            let Some(first) = value(&field, rng, depth, inner) else {
                continue;
            };
            let mut items = vec![first];
            while items.len() < n {
                // Copies after the first keep a "many" fill cheap to build.
                items.push(if items.len() < 8 {
                    value(&field, rng, depth, inner).unwrap_or_else(|| items[0].clone())
                } else {
                    items[items.len() % 8].clone()
                });
            }
            items.truncate(n);
            msg.set_field(&field, Value::List(items));
        } else if let Some(v) = value(&field, rng, depth, how) {
            msg.set_field(&field, v);
        }
    }
    msg
}

/// One step of a path to a leaf: a field, and the entry for a repeated one.
#[derive(Clone, Debug)]
struct Step {
    field: FieldDescriptor,
    index: Option<usize>,
}

/// Every scalar leaf set in `msg`, and every repeated field (to resize).
fn leaves(msg: &DynamicMessage, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    for (field, value) in msg.fields() {
        match value {
            Value::List(items) => {
                prefix.push(Step {
                    field: field.clone(),
                    index: None,
                });
                out.push(prefix.clone());
                prefix.pop();
                for (i, item) in items.iter().enumerate() {
                    prefix.push(Step {
                        field: field.clone(),
                        index: Some(i),
                    });
                    match item {
                        Value::Message(m) => leaves(m, prefix, out),
                        _ => out.push(prefix.clone()),
                    }
                    prefix.pop();
                }
            }
            Value::Message(m) => {
                prefix.push(Step {
                    field: field.clone(),
                    index: None,
                });
                leaves(m, prefix, out);
                prefix.pop();
            }
            Value::Map(_) => {}
            _ => {
                prefix.push(Step {
                    field: field.clone(),
                    index: None,
                });
                out.push(prefix.clone());
                prefix.pop();
            }
        }
    }
}

fn at_mut<'a>(msg: &'a mut DynamicMessage, path: &[Step]) -> &'a mut Value {
    let (first, rest) = path.split_first().expect("a non-empty path");
    let mut v = msg.get_field_mut(&first.field);
    if let Some(i) = first.index {
        v = &mut v.as_list_mut().expect("a list")[i];
    }
    if rest.is_empty() {
        v
    } else {
        at_mut(v.as_message_mut().expect("a message"), rest)
    }
}

/// The variants of the leaf at `path`: each extreme, or for a whole repeated field 0 and many
/// entries (copies of its first).
fn variants_at(msg: &DynamicMessage, path: &[Step], rng: &mut Rng) -> Vec<DynamicMessage> {
    let last = path.last().expect("a non-empty path");
    let mut out = Vec::new();
    if last.field.is_list() && last.index.is_none() {
        for n in [0, MANY] {
            let mut m = msg.clone();
            let list = at_mut(&mut m, path).as_list_mut().expect("a list");
            let first = list.first().cloned();
            list.clear();
            if let Some(first) = first {
                list.extend(std::iter::repeat_n(first, n));
            }
            out.push(m);
        }
    } else {
        for x in extremes(&last.field, rng) {
            let mut m = msg.clone();
            *at_mut(&mut m, path) = x;
            out.push(m);
        }
    }
    out
}

// ---- the games ------------------------------------------------------------------------------

fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET).expect("the contract's descriptors")
    })
}

fn registry() -> &'static Hosts {
    &both().0
}

fn wires() -> &'static Wires {
    &both().1
}

fn both() -> &'static (std::sync::Arc<Hosts>, std::sync::Arc<Wires>) {
    static BOTH: OnceLock<(std::sync::Arc<Hosts>, std::sync::Arc<Wires>)> = OnceLock::new();
    BOTH.get_or_init(registries)
}

/// The field of the game-neutral `outer` message (Action, GameOptions, …) carrying `game`.
fn game_field(outer: &str, game: &str) -> FieldDescriptor {
    pool()
        .get_message_by_name(outer)
        .unwrap_or_else(|| panic!("no {outer}"))
        .get_field_by_name(game)
        .unwrap_or_else(|| panic!("{outer} has no field {game}"))
}

fn message_of(field: &FieldDescriptor) -> MessageDescriptor {
    match field.kind() {
        Kind::Message(m) => m,
        k => panic!("{} is a {k:?}, not a message", field.full_name()),
    }
}

/// `inner` wrapped as the `game` field of `outer`, decoded as the prost message `M`.
fn wrapped<M: Message + Default>(outer: &str, game: &str, inner: DynamicMessage) -> M {
    let field = game_field(outer, game);
    let mut msg = DynamicMessage::new(field.parent_message().clone());
    msg.set_field(&field, Value::Message(inner));
    M::decode(msg.encode_to_vec().as_slice()).expect("a message built from the descriptors")
}

/// The typed action message of `game` with the oneof variant `variant` set from `fill`.
fn action_with(game: &str, variant: &FieldDescriptor, inner: DynamicMessage) -> DynamicMessage {
    let mut msg = DynamicMessage::new(message_of(&game_field("tablero.v1.Action", game)));
    msg.set_field(variant, Value::Message(inner));
    msg
}

/// Every variant of the game's `Action` oneof (a new variant is picked up here).
fn action_variants(game: &str) -> Vec<FieldDescriptor> {
    let action = message_of(&game_field("tablero.v1.Action", game));
    let oneofs: Vec<_> = action.oneofs().filter(|o| !o.is_synthetic()).collect();
    assert_eq!(
        oneofs.len(),
        1,
        "{} has one oneof of kinds",
        action.full_name()
    );
    oneofs[0].fields().collect()
}

fn code_of(e: ApiError) -> Code {
    tonic::Status::from(e).code()
}

/// `s` cut to a readable length (a failing case prints its message, which may be huge).
fn cut(s: &str) -> String {
    if s.chars().count() <= 600 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(600).collect::<String>())
    }
}

/// The verdict on one call: no panic was possible to get here; the code and allocations.
fn judge(
    what: &str,
    result: Result<(), ApiError>,
    largest: usize,
    total: usize,
) -> Result<Option<Code>, String> {
    let what = cut(what);
    if largest >= MAX_SINGLE_ALLOCATION {
        return Err(format!(
            "one allocation of {largest} bytes (bound {MAX_SINGLE_ALLOCATION}) in {what}"
        ));
    }
    if total >= MAX_TOTAL_ALLOCATION {
        return Err(format!(
            "{total} bytes allocated (bound {MAX_TOTAL_ALLOCATION}) in {what}"
        ));
    }
    match result {
        Ok(()) => Ok(None),
        Err(e) => {
            let text = e.to_string();
            match code_of(e) {
                c @ (Code::InvalidArgument | Code::FailedPrecondition) => {
                    if text.len() > 2_000 {
                        return Err(format!("a {}-byte error message in {what}", text.len()));
                    }
                    Ok(Some(c))
                }
                c => Err(format!("{c:?}: {} in {what}", cut(&text))),
            }
        }
    }
}

/// A position of a game to try actions on.
struct Position {
    mode: String,
    seats: usize,
    snapshot: Blob,
}

/// Positions from random playouts of every mode: the start and a few points along the way.
fn positions(game: &str, per_mode: usize) -> Vec<Position> {
    let kind = registry().get(game).expect("a hosted game");
    let wire = wires().get(game).expect("its mapping");
    let mut out = Vec::new();
    for (m, mode) in kind.modes().iter().enumerate() {
        let seats = mode.seats;
        let new = games::new_game(kind, wire, None, Some(mode.name), None, seats, 7 + m as u64)
            .unwrap_or_else(|e| panic!("{game} {}: {e}", mode.name));
        let mut session = new.session;
        let mut rng = Rng(1000 + m as u64);
        let mut step = 0usize;
        // Positions at growing gaps so early, middle and late phases all show up.
        let mut next_keep = 0usize;
        let mut kept = 0;
        while kept < per_mode {
            if step == next_keep || session.outcome().is_some() {
                out.push(Position {
                    mode: mode.name.to_string(),
                    seats,
                    snapshot: session.snapshot(),
                });
                kept += 1;
                next_keep = step + 1 + rng.below(12 * kept + 1);
                if session.outcome().is_some() {
                    break;
                }
            }
            let Some(&seat) = session.to_act().first() else {
                break;
            };
            session
                .apply_chosen_legal(seat, &mut |n| rng.below(n))
                .unwrap_or_else(|e| panic!("{game} playout: {e}"));
            step += 1;
        }
    }
    out
}

/// Submits `action` for `seat` on a fresh copy of the position and judges the call.
fn try_action(
    kind: &dyn GameKind,
    pos: &Position,
    seat: usize,
    action: &pb::Action,
    what: &dyn Fn() -> String,
) -> Result<(), String> {
    let mut session: Box<dyn Session> = kind.restore(&pos.snapshot).expect("restores");
    let before = session.snapshot();
    let (result, largest, total) = measured(|| {
        let (value, wire) = games::typed(wires(), action)?;
        session
            .apply_input(
                seat,
                &ActionInput::Typed {
                    action: &value,
                    wire: &wire,
                },
            )
            .map(|_| ())
    });
    let refused = result.is_err();
    judge(&what(), result, largest, total)?;
    if refused && session.snapshot() != before {
        return Err(format!("refused but the state changed in {}", cut(&what())));
    }
    Ok(())
}

fn seat_for(session: &dyn Session, seats: usize, rng: &mut Rng) -> usize {
    let to_act = session.to_act();
    if !to_act.is_empty() && rng.below(4) > 0 {
        rng.pick(&to_act)
    } else {
        rng.below(seats)
    }
}

fn path_name(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s.index {
            Some(i) => format!("{}[{i}]", s.field.name()),
            None => s.field.name().to_string(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Every variant, each leaf of a plausible fill set to each of its extremes, on `positions`.
fn sweep_actions(game: &str, positions: &[Position], fills_per_variant: u64) {
    let kind = registry().get(game).expect("a hosted game");
    let mut rng = Rng(42);
    let mut calls = 0usize;
    for variant in action_variants(game) {
        for f in 0..fills_per_variant {
            let mut frng = Rng(f * 7919 + variant.number() as u64);
            let base = fill(&message_of(&variant), &mut frng, 1, Fill::Benign);
            let base = action_with(game, &variant, base);
            let mut paths = Vec::new();
            leaves(&base, &mut Vec::new(), &mut paths);
            for path in &paths {
                for msg in variants_at(&base, path, &mut rng) {
                    let action: pb::Action = wrapped("tablero.v1.Action", game, msg);
                    let pos = &positions[rng.below(positions.len())];
                    let session = kind.restore(&pos.snapshot).expect("restores");
                    let seat = seat_for(session.as_ref(), pos.seats, &mut rng);
                    let what = || {
                        format!(
                            "{game} {} seat {seat}: action.{game}.{} extreme in {action:?}",
                            pos.mode,
                            path_name(path)
                        )
                    };
                    if let Err(e) = try_action(kind, pos, seat, &action, &what) {
                        panic!("{e}");
                    }
                    calls += 1;
                }
            }
        }
    }
    assert!(calls > 0, "{game}: no action tried");
}

/// Random wild fills of random variants, on random positions (proptest replays a failure).
fn random_actions(game: &str, positions: &[Position], cases: u32) {
    let kind = registry().get(game).expect("a hosted game");
    let variants = action_variants(game);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&proptest::prelude::any::<u64>(), |seed| {
            let mut rng = Rng(seed);
            let variant = rng.pick(&variants);
            let inner = fill(&message_of(&variant), &mut rng, 1, Fill::Wild);
            let action: pb::Action = wrapped(
                "tablero.v1.Action",
                game,
                action_with(game, &variant, inner),
            );
            let pos = &positions[rng.below(positions.len())];
            let session = kind.restore(&pos.snapshot).expect("restores");
            let seat = seat_for(session.as_ref(), pos.seats, &mut rng);
            let what = || format!("{game} {} seat {seat}: {action:?}", pos.mode);
            try_action(kind, pos, seat, &action, &what).map_err(TestCaseError::fail)
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Creates a game from `options` / `scenario` with every plausible seat count and mode.
fn try_new_game(
    game: &str,
    options: Option<&pb::GameOptions>,
    scenario: Option<&pb::Scenario>,
    what: &dyn Fn() -> String,
) -> Result<(), String> {
    let kind = registry().get(game).expect("a hosted game");
    let wire = wires().get(game).expect("its mapping");
    let mut modes: Vec<Option<String>> = vec![None];
    modes.extend(kind.modes().into_iter().map(|m| Some(m.name.to_string())));
    for mode in &modes {
        for seats in 1..=tablero_service::validate::MAX_SEATS {
            let (result, largest, total) = measured(|| {
                games::new_game(kind, wire, options, mode.as_deref(), scenario, seats, 11)
                    .map(|_| ())
            });
            judge(
                &format!("mode {mode:?} seats {seats} {}", what()),
                result,
                largest,
                total,
            )?;
        }
    }
    Ok(())
}

/// A campaign from `options`, and its first play.
fn try_campaign(game: &str, options: &pb::CampaignOptions, what: &str) -> Result<(), String> {
    let kind = registry().get(game).expect("a hosted game");
    let campaigns = kind.campaigns().expect("a campaign game");
    let (result, largest, total) = measured(|| -> Result<(), ApiError> {
        let config = wires().of(game)?.campaign_options(Some(options))?;
        let state = campaigns.new_campaign(&config)?;
        if let Some(config) = campaigns.next_game(&state)? {
            kind.new_game_from_config(&config, 5)?;
        }
        campaigns.view(&state)?;
        Ok(())
    });
    judge(what, result, largest, total).map(|_| ())
}

/// The game's options and scenario messages: each leaf extreme, then random wild fills.
fn sweep_setups(game: &str, cases: u32) {
    let setups = [
        ("tablero.v1.GameOptions", true),
        ("tablero.v1.Scenario", false),
    ];
    let mut rng = Rng(99);
    for (outer, is_options) in setups {
        let desc = message_of(&game_field(outer, game));
        let run = |inner: DynamicMessage, what: &dyn Fn() -> String| -> Result<(), String> {
            if is_options {
                let o: pb::GameOptions = wrapped(outer, game, inner);
                try_new_game(game, Some(&o), None, &|| format!("{}: {o:?}", what()))
            } else {
                let s: pb::Scenario = wrapped(outer, game, inner);
                try_new_game(game, None, Some(&s), &|| format!("{}: {s:?}", what()))
            }
        };
        for f in 0..3 {
            let base = fill(&desc, &mut Rng(f), 1, Fill::Benign);
            let mut paths = Vec::new();
            leaves(&base, &mut Vec::new(), &mut paths);
            for path in &paths {
                for msg in variants_at(&base, path, &mut rng) {
                    let what = || format!("{outer}.{game}.{} extreme", path_name(path));
                    if let Err(e) = run(msg.clone(), &what) {
                        panic!("{e}");
                    }
                }
            }
        }
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&proptest::prelude::any::<u64>(), |seed| {
                let inner = fill(&desc, &mut Rng(seed), 1, Fill::Wild);
                let what = || format!("{outer}.{game} wild");
                run(inner.clone(), &what).map_err(TestCaseError::fail)
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

fn sweep_campaign_options(game: &str, cases: u32) {
    let desc = message_of(&game_field("tablero.v1.CampaignOptions", game));
    let mut rng = Rng(5);
    for f in 0..3 {
        let base = fill(&desc, &mut Rng(f), 1, Fill::Benign);
        let mut paths = Vec::new();
        leaves(&base, &mut Vec::new(), &mut paths);
        for path in &paths {
            for msg in variants_at(&base, path, &mut rng) {
                let o: pb::CampaignOptions = wrapped("tablero.v1.CampaignOptions", game, msg);
                let what = format!("campaign options.{game}.{}: {o:?}", path_name(path));
                if let Err(e) = try_campaign(game, &o, &what) {
                    panic!("{e}");
                }
            }
        }
    }
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&proptest::prelude::any::<u64>(), |seed| {
            let inner = fill(&desc, &mut Rng(seed), 1, Fill::Wild);
            let o: pb::CampaignOptions = wrapped("tablero.v1.CampaignOptions", game, inner);
            let what = format!("campaign options.{game} wild: {o:?}");
            try_campaign(game, &o, &what).map_err(TestCaseError::fail)
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The whole check for one game.
fn extremes_of(game: &str) {
    // Warm the lazily built tables (card catalogues, boards) outside any measured call.
    let pos = positions(game, 4);
    assert!(!pos.is_empty());
    sweep_actions(game, &pos, 3);
    random_actions(game, &pos, 256);
    sweep_setups(game, 64);
    let has_campaigns = registry().get(game).and_then(|k| k.campaigns()).is_some();
    let proto_has = pool()
        .get_message_by_name("tablero.v1.CampaignOptions")
        .and_then(|m| m.get_field_by_name(game))
        .is_some();
    assert_eq!(
        has_campaigns, proto_has,
        "{game}: campaigns in proto and server agree"
    );
    if has_campaigns {
        sweep_campaign_options(game, 64);
    }
}

#[test]
fn claim_extremes() {
    extremes_of("claim");
}

#[test]
fn emara_extremes() {
    extremes_of("emara");
}

#[test]
fn panovnik_extremes() {
    extremes_of("panovnik");
}

#[test]
fn pantheon_extremes() {
    extremes_of("pantheon");
}

#[test]
fn kingdom_legacy_extremes() {
    extremes_of("kingdom_legacy");
}

/// Every game the server hosts has a test above (a new game must add one).
#[test]
fn every_hosted_game_is_covered() {
    let covered = ["claim", "emara", "kingdom_legacy", "panovnik", "pantheon"];
    assert_eq!(registry().types(), covered);
}
