//! Enumerations that have a fixed text for each value: what the store writes in its columns
//! and the logs show.

/// Declares an enumeration written as one of a fixed set of texts: the enum, `as_str`,
/// `from_text` and `Display` (the same text). The store adds the SQL conversions
/// (`store::values::sql_text`).
macro_rules! text_enum {
    (
        $(#[$doc:meta])*
        pub enum $name:ident {
            $( $(#[$vdoc:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vdoc])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The text stored in the database (and shown by `Display`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The value whose text is `text` (exactly), if any.
            pub fn from_text(text: &str) -> Option<$name> {
                match text {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use text_enum;
