//! The seat token a request presents, as `authorization: Bearer <token>` (what it is worth is
//! the engine's business: [`crate::engine::tokens`]).

use crate::error::ApiError;
use tonic::metadata::MetadataMap;

/// The bearer token of a request, if any.
pub fn bearer(metadata: &MetadataMap) -> Result<Option<String>, ApiError> {
    let mut values = metadata.get_all("authorization").iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    // Which one a proxy or a library would pick is not defined: refuse rather than guess.
    if values.next().is_some() {
        return Err(ApiError::Unauthenticated(
            "send one `authorization`, not several".into(),
        ));
    }
    let text = value
        .to_str()
        .map_err(|_| ApiError::Unauthenticated("authorization metadata is not text".into()))?;
    let token = text
        .strip_prefix("Bearer ")
        .or_else(|| text.strip_prefix("bearer "))
        .ok_or_else(|| ApiError::Unauthenticated("authorization must be `Bearer <token>`".into()))?
        .trim();
    if token.is_empty() || token.len() > 200 {
        return Err(ApiError::Unauthenticated("malformed bearer token".into()));
    }
    Ok(Some(token.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_parsing() {
        let mut md = MetadataMap::new();
        assert_eq!(bearer(&md).unwrap(), None);
        md.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&md).unwrap().as_deref(), Some("abc"));
        md.insert("authorization", "Basic abc".parse().unwrap());
        assert!(matches!(bearer(&md), Err(ApiError::Unauthenticated(_))));
        md.insert("authorization", "Bearer abc".parse().unwrap());
        md.append("authorization", "Bearer def".parse().unwrap());
        assert!(
            matches!(bearer(&md), Err(ApiError::Unauthenticated(_))),
            "two tokens: neither wins"
        );
    }
}
