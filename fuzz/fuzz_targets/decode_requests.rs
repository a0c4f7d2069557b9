#![no_main]
//! Raw bytes as service requests: see `tablero_fuzz::requests`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tablero_fuzz::requests::run(data);
});
