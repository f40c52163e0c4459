//! Delivering the outbox: the service turns each due notice into a [`Letter`] and hands it
//! to a [`Postman`], which only knows how to send (the command layer's, which finishes the
//! letter into words and pictures for an adapter's carrier, or a test's); what to send, when to
//! retry and where a refused DM goes instead are decided here.

mod letter;
mod letters;
mod part;

pub use letter::{Delivered, Delivery, Letter, News, Postman};
pub use part::Post;
