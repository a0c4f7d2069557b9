//! Rule tests beyond the test vectors, named by rule ID.

use super::*;
