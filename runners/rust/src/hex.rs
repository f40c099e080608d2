//! Lowercase hex, the protocol's encoding for byte strings.

use crate::error::{Error, Result};

const DIGITS: &[u8; 16] = b"0123456789abcdef";

pub fn encode(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

pub fn decode(field: &str, text: &str) -> Result<Vec<u8>> {
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    let raw = text.as_bytes();
    if !raw.len().is_multiple_of(2) {
        return Err(Error::input(format!("{field}: odd number of hex digits")));
    }
    raw.chunks_exact(2)
        .map(|pair| match (nibble(pair[0]), nibble(pair[1])) {
            (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
            _ => Err(Error::input(format!("{field}: not hex"))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip() {
        let bytes = [0u8, 1, 0xab, 0xff];
        assert_eq!(super::encode(&bytes), "0001abff");
        assert_eq!(super::decode("x", "0001ABff").unwrap(), bytes);
        assert!(super::decode("x", "0g").is_err());
        assert!(super::decode("x", "000").is_err());
    }
}
