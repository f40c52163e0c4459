//! What the tests read back: the bot's replies, the requests, the gateway's counters.

use serde_json::Value;

use super::EPHEMERAL;

/// Which request produced a [`Reply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyKind {
    /// `POST /interactions/{id}/{token}/callback` with this callback type: 4 message, 5 deferred
    /// message, 6 deferred update, 7 update message, 8 autocomplete result, 9 modal.
    Callback(u64),
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `POST /webhooks/{app}/{token}`: a follow-up message.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`: an edited follow-up.
    EditFollowup,
    /// `POST /channels/{id}/messages`: a message the bot posted on its own (or in a DM).
    ChannelMessage,
    /// `PATCH /channels/{id}/messages/{id}`.
    EditChannelMessage,
    /// `DELETE` of a message, by webhook or channel route.
    Delete,
}

/// One answer of the bot, as the fake received it.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The interaction answered, for callbacks and webhook requests; `None` for channel messages.
    pub interaction_id: Option<u64>,
    /// Which request it was.
    pub kind: ReplyKind,
    /// The channel the message is (or would be) in.
    pub channel_id: Option<u64>,
    /// For a message in a DM channel: the user it went to.
    pub dm_to: Option<u64>,
    /// The message created, edited or deleted, when there is one.
    pub message_id: Option<u64>,
    /// `content`, when the request set it.
    pub content: Option<String>,
    /// `embeds` as sent (`Null` when the request did not set them).
    pub embeds: Value,
    /// `components` as sent (`Null` when the request did not set them).
    pub components: Value,
    /// Message flags as sent; [`Reply::ephemeral`] reads bit 64.
    pub flags: u64,
    /// `allowed_mentions` as sent.
    pub allowed_mentions: Option<Value>,
    /// Uploaded files, `(filename, bytes)`, in upload order.
    pub files: Vec<(String, Vec<u8>)>,
    /// Autocomplete choices (`{"name", "value"}` objects), for callback type 8.
    pub choices: Vec<Value>,
    /// The whole JSON payload (`data` of a callback), for anything not broken out above.
    pub payload: Value,
}

impl Reply {
    /// Whether only the invoking user sees it (flag 64).
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// The content, or "" when the request did not set any.
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or("")
    }

    /// The `custom_id`s of the components (buttons, selects), row by row.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        collect_custom_ids(&self.components, &mut ids);
        ids
    }

    /// The string select menus among the components: each menu's `custom_id` and the values
    /// of its options, in order.
    pub fn menus(&self) -> Vec<(String, Vec<String>)> {
        let mut menus = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if c["type"] == 3
                    && let Some(id) = c["custom_id"].as_str()
                {
                    let values = super::select_values(&self.components, id).unwrap_or_default();
                    menus.push((id.to_owned(), values));
                }
            }
        }
        menus
    }

    /// For a form (callback type 9): the form's `custom_id`; `None` for any other reply.
    pub fn form_id(&self) -> Option<&str> {
        match self.kind {
            ReplyKind::Callback(9) => self.payload["custom_id"].as_str(),
            _ => None,
        }
    }

    /// The `value`s of autocomplete choices, as text.
    pub fn choice_values(&self) -> Vec<String> {
        self.choices
            .iter()
            .map(|c| match &c["value"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect()
    }
}

fn collect_custom_ids(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| collect_custom_ids(v, out)),
        Value::Object(map) => {
            if let Some(Value::String(id)) = map.get("custom_id") {
                out.push(id.clone());
            }
            if let Some(children) = map.get("components") {
                collect_custom_ids(children, out);
            }
        }
        _ => {}
    }
}

/// One REST request the fake answered, for debugging and for asserting on refused requests.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// HTTP method.
    pub method: String,
    /// Path and query, as received.
    pub path: String,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON body (`payload_json` of a multipart request), `Null` without one.
    pub body: Value,
    /// The answer was held back for good ([`super::FakeDiscord::hang_next_channel_message`]):
    /// `status` is what the fake did, not what the client heard.
    pub hung: bool,
    /// The Discord error code answered (`{"code": …}` of an error body), if any.
    pub code: Option<u64>,
    /// Refused because the interaction's token had run out (15 minutes).
    pub expired_token: bool,
}

/// Counters of the gateway's life, for reconnect tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GatewayStats {
    /// WebSocket connections accepted.
    pub connections: u32,
    /// IDENTIFYs answered with READY.
    pub identifies: u32,
    /// RESUMEs answered with RESUMED.
    pub resumes: u32,
    /// Whether a session is live now (identified or resumed, not closed).
    pub connected: bool,
}
