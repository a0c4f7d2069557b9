//! The seat tokens of campaign plays, kept on this machine so that `campaign play` can resume an
//! unfinished play (the server hands a seat token out only once, and StartCampaignGame refuses
//! to start another play while one is unfinished).
//!
//! One tab-separated line per seat, `game_id  seat  token  campaign_id`, appended to
//! `$XDG_STATE_HOME/tablero-cli/seats.tsv` (else `~/.local/state/tablero-cli/seats.tsv`),
//! readable by the owner only.

use crate::error::CliError;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "seats.tsv";

pub struct SeatStore {
    path: PathBuf,
}

/// A stored seat token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedSeat {
    pub seat: u32,
    pub token: String,
}

impl SeatStore {
    /// The store under the XDG state directory.
    pub fn locate() -> Result<SeatStore, CliError> {
        let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
        let dir = match std::env::var_os("XDG_STATE_HOME").and_then(absolute) {
            Some(state) => state,
            None => std::env::var_os("HOME")
                .and_then(absolute)
                .map(|home| home.join(".local").join("state"))
                .ok_or_else(|| {
                    CliError::Usage(
                        "neither XDG_STATE_HOME nor HOME is set: nowhere to keep the play's seat token"
                            .into(),
                    )
                })?,
        };
        Ok(SeatStore::at(dir.join("tablero-cli").join(FILE_NAME)))
    }

    pub fn at(path: PathBuf) -> SeatStore {
        SeatStore { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn failed(&self, source: std::io::Error) -> CliError {
        CliError::SeatFile {
            path: self.path.clone(),
            source,
        }
    }

    /// Appends the seats of a play.
    pub fn save(
        &self,
        game_id: &str,
        campaign_id: &str,
        seats: &[(u32, String)],
    ) -> Result<(), CliError> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| self.failed(e))?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&self.path).map_err(|e| self.failed(e))?;
        let mut text = String::new();
        for (seat, token) in seats {
            text.push_str(&format!("{game_id}\t{seat}\t{token}\t{campaign_id}\n"));
        }
        file.write_all(text.as_bytes()).map_err(|e| self.failed(e))
    }

    /// The stored seats of a game, by seat (the last line of a seat wins); empty when the file
    /// does not exist.
    pub fn seats(&self, game_id: &str) -> Result<Vec<SavedSeat>, CliError> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(self.failed(e)),
        };
        let mut seats: Vec<SavedSeat> = Vec::new();
        for line in text.lines() {
            let mut fields = line.split('\t');
            let (Some(game), Some(seat), Some(token)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let Ok(seat) = seat.parse::<u32>() else {
                continue;
            };
            if game != game_id || token.is_empty() {
                continue;
            }
            seats.retain(|s| s.seat != seat);
            seats.push(SavedSeat {
                seat,
                token: token.to_string(),
            });
        }
        seats.sort_by_key(|s| s.seat);
        Ok(seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tablero-cli-saved-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn seats_are_kept_per_game_and_the_last_line_wins() {
        let dir = scratch("kept");
        let store = SeatStore::at(dir.join("sub").join(FILE_NAME));
        assert!(store.seats("g_1").unwrap().is_empty(), "no file yet");
        store
            .save("g_1", "c_1", &[(0, "tbl_a".into()), (1, "tbl_b".into())])
            .unwrap();
        store.save("g_2", "c_1", &[(0, "tbl_c".into())]).unwrap();
        store.save("g_1", "c_1", &[(1, "tbl_d".into())]).unwrap();
        let seats = store.seats("g_1").unwrap();
        assert_eq!(
            seats,
            vec![
                SavedSeat {
                    seat: 0,
                    token: "tbl_a".into()
                },
                SavedSeat {
                    seat: 1,
                    token: "tbl_d".into()
                }
            ]
        );
        assert_eq!(store.seats("g_2").unwrap()[0].token, "tbl_c");
        assert!(store.seats("g_3").unwrap().is_empty());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(store.path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "tokens are the owner's only");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
