//! The gRPC methods this server answers, read once from the compiled descriptor sets: span
//! names, metric labels and whether a method streams.
//!
//! Labels come only from this table. A request for any other path is counted as `unknown`, so
//! a client cannot mint new metric series or span names by inventing paths.

use prost::Message;
use std::collections::HashMap;
use std::sync::OnceLock;

/// One gRPC method. The strings live for the whole process (made once, at first use).
#[derive(Debug, PartialEq, Eq)]
pub struct Method {
    /// `tablero.v1.GameService/SubmitAction`: the span name and the `method` metric label.
    pub name: &'static str,
    /// `tablero.v1.GameService`.
    pub service: &'static str,
    /// `SubmitAction`.
    pub method: &'static str,
    /// A server or client stream.
    pub streaming: bool,
    /// grpc-ecosystem's `grpc_type` label: `unary`, `server_stream`, `client_stream`,
    /// `bidi_stream`.
    pub kind: &'static str,
}

/// Any path not in the table.
pub static UNKNOWN: Method = Method {
    name: "unknown",
    service: "unknown",
    method: "unknown",
    streaming: false,
    kind: "unary",
};

pub struct Methods {
    /// By request path, `/tablero.v1.GameService/SubmitAction`.
    by_path: HashMap<&'static str, Method>,
}

impl Methods {
    /// Every service the server mounts: Tablero's, health and reflection.
    pub fn served() -> &'static Methods {
        static METHODS: OnceLock<Methods> = OnceLock::new();
        METHODS.get_or_init(|| {
            Methods::from_descriptor_sets(&[
                tablero_proto::v1::FILE_DESCRIPTOR_SET,
                tonic_health::pb::FILE_DESCRIPTOR_SET,
                tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
                tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
            ])
        })
    }

    /// The methods of encoded `FileDescriptorSet`s. The strings are leaked: this runs once per
    /// process, for a few dozen methods.
    pub fn from_descriptor_sets(sets: &[&[u8]]) -> Methods {
        let mut by_path = HashMap::new();
        for set in sets {
            let set = prost_types::FileDescriptorSet::decode(*set)
                .expect("a compiled-in descriptor set decodes");
            for file in &set.file {
                let package = file.package();
                for service in &file.service {
                    for m in &service.method {
                        let full = if package.is_empty() {
                            format!("/{}/{}", service.name(), m.name())
                        } else {
                            format!("/{package}.{}/{}", service.name(), m.name())
                        };
                        let path: &'static str = Box::leak(full.into_boxed_str());
                        let name = &path[1..];
                        let (service, method) = name.split_once('/').expect("built with a slash");
                        by_path.insert(
                            path,
                            Method {
                                name,
                                service,
                                method,
                                streaming: m.server_streaming() || m.client_streaming(),
                                kind: match (m.client_streaming(), m.server_streaming()) {
                                    (false, false) => "unary",
                                    (false, true) => "server_stream",
                                    (true, false) => "client_stream",
                                    (true, true) => "bidi_stream",
                                },
                            },
                        );
                    }
                }
            }
        }
        Methods { by_path }
    }

    /// The method a request path calls, or [`UNKNOWN`].
    pub fn get(&self, path: &str) -> &Method {
        self.by_path.get(path).unwrap_or(&UNKNOWN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_served_method_is_known_by_its_path() {
        let methods = Methods::served();
        let submit = methods.get("/tablero.v1.GameService/SubmitAction");
        assert_eq!(submit.name, "tablero.v1.GameService/SubmitAction");
        assert_eq!(submit.service, "tablero.v1.GameService");
        assert_eq!(submit.method, "SubmitAction");
        assert!(!submit.streaming);
        assert_eq!(submit.kind, "unary");
        assert_eq!(
            methods.get("/tablero.v1.GameService/WatchGame").kind,
            "server_stream"
        );
        assert!(methods.get("/tablero.v1.GameService/WatchGame").streaming);
        assert!(
            methods
                .get("/tablero.v1.CampaignService/CreateCampaign")
                .name
                .ends_with("CreateCampaign")
        );
        assert!(!methods.get("/grpc.health.v1.Health/Check").streaming);
        assert!(methods.get("/grpc.health.v1.Health/Watch").streaming);
        assert!(
            methods
                .get("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo")
                .streaming
        );
    }

    #[test]
    fn other_paths_are_unknown() {
        let methods = Methods::served();
        assert_eq!(methods.get("/tablero.v1.GameService/Nope"), &UNKNOWN);
        assert_eq!(methods.get("/"), &UNKNOWN);
        assert_eq!(methods.get("tablero.v1.GameService/SubmitAction"), &UNKNOWN);
    }
}
