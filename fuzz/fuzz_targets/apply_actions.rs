#![no_main]
//! Structured playouts straight through the rules: see `tablero_fuzz::actions`.

use libfuzzer_sys::fuzz_target;
use tablero_fuzz::actions::{Input, run};

fuzz_target!(|input: Input| {
    run(&input);
});
