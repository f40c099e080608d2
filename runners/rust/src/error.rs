//! Error replies: every failure becomes `{"id": …, "error": {"kind": …, "message": …}}`.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Protocol,
    Unsupported,
    InvalidParams,
    InvalidInput,
    LibraryError,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Protocol => "protocol",
            Kind::Unsupported => "unsupported",
            Kind::InvalidParams => "invalid_params",
            Kind::InvalidInput => "invalid_input",
            Kind::LibraryError => "library_error",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
}

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        let mut message = message.into();
        if message.is_empty() {
            message = kind.as_str().to_string();
        }
        Error { kind, message }
    }
    pub fn protocol(message: impl Into<String>) -> Self {
        Self::new(Kind::Protocol, message)
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        Self::new(Kind::Unsupported, message)
    }
    pub fn params(message: impl Into<String>) -> Self {
        Self::new(Kind::InvalidParams, message)
    }
    pub fn input(message: impl Into<String>) -> Self {
        Self::new(Kind::InvalidInput, message)
    }
    pub fn library(message: impl Into<String>) -> Self {
        Self::new(Kind::LibraryError, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.message)
    }
}

pub type Result<T> = std::result::Result<T, Error>;
