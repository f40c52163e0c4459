//! The REST routes under `/api/v10`, and the Message objects they answer with.
// Longer than 400 lines: the REST routes of the stand-in, one match of Discord's API.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use serenity::all::Permissions;

use super::{
    EPHEMERAL, FakeUser, Inner, LOADING, Reply, ReplyKind, RequestRecord, Shared, TIMESTAMP,
    dm_channel, snowflake_text,
};

/// A full Message object, as Discord returns it for a message the bot created.
#[allow(clippy::too_many_arguments)]
pub(super) fn message_json(
    id: u64,
    channel_id: u64,
    guild_id: Option<u64>,
    author: &FakeUser,
    payload: &Value,
    attachments: Vec<Value>,
    extra_flags: u64,
    interaction_app: Option<u64>,
) -> Value {
    let flags = payload["flags"].as_u64().unwrap_or(0) | extra_flags;
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": author.json(),
        "content": payload["content"].as_str().unwrap_or(""),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": payload["tts"].as_bool().unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": array_or_empty(&payload["embeds"]),
        "components": array_or_empty(&payload["components"]),
        "pinned": false,
        // 20: the reply to a slash command; 0: an ordinary message.
        "type": if interaction_app.is_some() { 20 } else { 0 },
        "flags": flags,
    });
    if let Some(guild) = guild_id {
        message["guild_id"] = json!(guild.to_string());
    }
    if let Some(app) = interaction_app {
        message["application_id"] = json!(app.to_string());
        message["webhook_id"] = json!(app.to_string());
    }
    // Discord echoes the nonce the message was created with.
    if let Some(nonce) = payload.get("nonce").filter(|n| !n.is_null()) {
        message["nonce"] = nonce.clone();
    }
    message
}

fn array_or_empty(value: &Value) -> Value {
    if value.is_array() {
        value.clone()
    } else {
        json!([])
    }
}

/// Applies an edit's payload to a stored message, as Discord does: fields present replace,
/// fields absent stay; attachments listed in the payload are kept, new uploads are added.
fn apply_edit(message: &mut Value, payload: &Value, uploaded: Vec<Value>) {
    for key in ["content", "embeds", "components"] {
        if let Some(value) = payload.get(key) {
            message[key] = if value.is_null() && key != "content" {
                json!([])
            } else if value.is_null() {
                json!("")
            } else {
                value.clone()
            };
        }
    }
    if let Some(flags) = payload["flags"].as_u64() {
        // An edit can only change SUPPRESS_EMBEDS; ephemeral stays what it was.
        let kept = message["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
        message["flags"] = json!(flags | kept);
    }
    // The "thinking" state of a deferred reply ends with its first edit.
    let flags = message["flags"].as_u64().unwrap_or(0) & !LOADING;
    message["flags"] = json!(flags);
    let mut attachments: Vec<Value> = match payload.get("attachments") {
        Some(Value::Array(keep)) => {
            let keep: HashSet<String> = keep.iter().map(|a| snowflake_text(&a["id"])).collect();
            message["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|a| keep.contains(&snowflake_text(&a["id"])))
                .cloned()
                .collect()
        }
        _ => message["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default(),
    };
    attachments.extend(uploaded);
    message["attachments"] = Value::Array(attachments);
    message["edited_timestamp"] = json!(TIMESTAMP);
}

/// A request body: JSON, or multipart with `payload_json` and `files[N]`.
struct Body {
    json: Value,
    files: Vec<(String, Vec<u8>)>,
}

async fn read_body(request: Request) -> Result<Body, String> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| format!("body is not JSON: {e}"))?
        };
        return Ok(Body {
            json,
            files: vec![],
        });
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|e| e.to_string())?;
    let mut body = Body {
        json: Value::Null,
        files: vec![],
    };
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            body.json = serde_json::from_slice(&bytes)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
        } else if name.starts_with("files[") || name == "file" {
            body.files.push((filename.unwrap_or(name), bytes.to_vec()));
        }
    }
    Ok(body)
}

pub(super) fn json_response(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

pub(super) fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    let mut response = json_response(status, json!({ "message": message, "code": code }));
    // For the request log only: removed before the answer leaves.
    response
        .headers_mut()
        .insert(CODE_HEADER, header::HeaderValue::from(code));
    response
}

/// The answer to a request made with an interaction token that has run out: for the webhook
/// routes (edits and follow-ups) 401 with code 50027, "Invalid Webhook Token", what Discord
/// answers then (as bots report it, e.g. "401 Unauthorized (error code: 50027): Invalid
/// Webhook Token"); for the callback, 404 with code 10062, "Unknown interaction", Discord's
/// answer to a callback it no longer takes (it takes one for 3 s, which the fake does not
/// enforce; a test's bot answers at once).
fn token_expired(callback: bool) -> Response {
    let mut response = if callback {
        discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction")
    } else {
        discord_error(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token")
    };
    response
        .headers_mut()
        .insert(EXPIRED_HEADER, header::HeaderValue::from_static("1"));
    response
}

/// Marks the Discord error code of an answer, for the request log (removed before it leaves).
const CODE_HEADER: &str = "x-fake-code";
/// Marks an answer refusing an expired interaction token (removed before it leaves).
const EXPIRED_HEADER: &str = "x-fake-expired";

pub(super) async fn attachment(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path((id, _name)): axum::extract::Path<(u64, String)>,
) -> Response {
    match shared.lock().attachments.get(&id) {
        Some(bytes) => bytes.clone().into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Every REST route, matched on method and path segments.
pub(super) async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let uri = request.uri().to_string();
    // reqwest sends `@me` as is, but a percent-encoded `%40me` means the same route.
    let path = request.uri().path().replace("%40", "@");
    let body = match read_body(request).await {
        Ok(body) => body,
        Err(why) => {
            eprintln!("FakeDiscord: unreadable body of {method} {uri}: {why}");
            return discord_error(
                StatusCode::BAD_REQUEST,
                50109,
                "The request body contains invalid JSON.",
            );
        }
    };
    let record_body = body.json.clone();
    let segments: Vec<&str> = path
        .strip_prefix("/api/v10/")
        .map(|rest| rest.split('/').collect())
        .unwrap_or_default();
    // Thread creation may be rate limited (when a test turns it on): a 429 instead of the
    // route, or the route's answer with the bucket's headers.
    let limited = super::limits::thread_creation(method.as_str(), &segments)
        .map(|channel| super::limits::take(&mut shared.lock(), channel));
    let mut response = match limited {
        Some(Err(too_many)) => *too_many,
        limited => {
            let mut response = route(&shared, &method, &segments, body);
            if let Some(Ok(headers)) = limited {
                response.headers_mut().extend(headers);
            }
            response
        }
    };
    let status = response.status().as_u16();
    let hung = response.headers_mut().remove(HANG_HEADER).is_some();
    let code = response
        .headers_mut()
        .remove(CODE_HEADER)
        .and_then(|v| v.to_str().ok().and_then(|v| v.parse().ok()));
    let expired_token = response.headers_mut().remove(EXPIRED_HEADER).is_some();
    {
        let mut inner = shared.lock();
        if status == 404 && response.headers().contains_key("x-fake-unknown-route") {
            eprintln!("FakeDiscord: NO ROUTE for {method} {uri} (answered 404)");
            inner.unknown.push(format!("{method} {path}"));
        }
        inner.requests.push(RequestRecord {
            method: method.to_string(),
            path: uri,
            status,
            body: record_body,
            hung,
            code,
            expired_token,
        });
    }
    shared.notify();
    if hung {
        // Done on the fake's side, never answered: axum drops this future when the client
        // goes away (or the fake stops).
        return std::future::pending().await;
    }
    response
}

/// Marks a response [`rest`] must hold back for good (removed before anything is sent).
const HANG_HEADER: &str = "x-fake-hang";

/// Discord's limit on a message nonce: an integer, or a string of up to 25 characters.
const MAX_NONCE_CHARS: usize = 25;

fn route(shared: &Shared, method: &Method, segments: &[&str], body: Body) -> Response {
    let app = shared.application_id().to_string();
    let m = method.as_str();
    // The bot reaches for nothing in a channel it is not in (its messages there are answers
    // to interactions, edited only with their tokens).
    if let ["channels", channel, ..] = segments
        && channel
            .parse()
            .is_ok_and(|channel| bot_not_there(&shared.lock(), channel))
    {
        return missing_access();
    }
    match (m, segments) {
        ("GET", ["gateway"]) => {
            json_response(StatusCode::OK, json!({ "url": shared.gateway_url() }))
        }
        ("GET", ["gateway", "bot"]) => json_response(
            StatusCode::OK,
            json!({
                "url": shared.gateway_url(),
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                },
            }),
        ),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            if shared.lock().reject_token {
                return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
            }
            json_response(StatusCode::OK, application_json(shared))
        }
        ("GET", ["users", "@me"]) => json_response(StatusCode::OK, shared.bot.json()),
        ("GET", ["users", id]) => match shared
            .guild
            .members
            .iter()
            .find(|m| m.user.id.to_string() == *id)
        {
            Some(member) => json_response(StatusCode::OK, member.user.json()),
            None => discord_error(StatusCode::NOT_FOUND, 10013, "Unknown User"),
        },
        ("POST", ["users", "@me", "channels"]) => create_dm(shared, &body.json),
        ("GET", ["channels", channel]) => get_channel(shared, channel),
        ("PATCH", ["channels", channel]) => super::threads::edit(shared, channel, &body.json),
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            super::threads::start(shared, channel, message, &body.json)
        }
        ("GET", ["guilds", guild, "members", user]) if *guild == shared.guild.id.to_string() => {
            match shared
                .guild
                .members
                .iter()
                .find(|m| m.user.id.to_string() == *user && shared.is_member(m.user.id))
            {
                Some(member) => json_response(
                    StatusCode::OK,
                    shared
                        .guild
                        .member_json(member, None, shared.application_id()),
                ),
                None => discord_error(StatusCode::NOT_FOUND, 10007, "Unknown Member"),
            }
        }
        ("PUT", ["applications", a, "commands"]) if *a == app => {
            set_commands(shared, None, &body.json)
        }
        ("PUT", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            match guild.parse() {
                Ok(guild) => set_commands(shared, Some(guild), &body.json),
                Err(_) => discord_error(StatusCode::NOT_FOUND, 10004, "Unknown Guild"),
            }
        }
        ("GET", ["applications", a, "commands"]) if *a == app => json_response(
            StatusCode::OK,
            json!(shared.lock().global_commands.clone().unwrap_or_default()),
        ),
        ("GET", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            let guild: u64 = guild.parse().unwrap_or_default();
            json_response(
                StatusCode::OK,
                json!(
                    shared
                        .lock()
                        .guild_commands
                        .get(&guild)
                        .cloned()
                        .unwrap_or_default()
                ),
            )
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(shared, id, token, body)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", a, token, "messages", message]) if *a == app => {
            webhook_message(shared, m, token, message, body)
        }
        ("POST", ["webhooks", a, token]) if *a == app => followup(shared, token, body),
        ("POST", ["channels", channel, "messages"]) => create_message(shared, channel, body),
        ("GET" | "PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
            channel_message(shared, m, channel, message, body)
        }
        ("POST", ["channels", _, "typing"]) => StatusCode::NO_CONTENT.into_response(),
        _ => {
            let mut response = discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found");
            response.headers_mut().insert(
                "x-fake-unknown-route",
                header::HeaderValue::from_static("1"),
            );
            response
        }
    }
}

fn application_json(shared: &Shared) -> Value {
    json!({
        "id": shared.application_id().to_string(),
        "name": "Focus",
        "icon": null,
        "description": "A bot for the board game Focus",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": shared.guild.owner.json(),
        "verify_key": "0".repeat(64),
        "team": null,
        "flags": 0,
        "bot": shared.bot.json(),
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "redirect_uris": [],
        "interactions_endpoint_url": null,
    })
}

fn get_channel(shared: &Shared, channel: &str) -> Response {
    let Ok(id) = channel.parse::<u64>() else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some(thread) = shared.lock().threads.get(&id).filter(|t| !t.deleted) {
        return json_response(StatusCode::OK, thread.json(shared.guild.id, shared.bot.id));
    }
    if let Some((position, c)) = shared
        .guild
        .channels
        .iter()
        .enumerate()
        .find(|(_, c)| c.id == id)
    {
        return json_response(
            StatusCode::OK,
            shared
                .guild
                .channel_json(c, position, shared.application_id()),
        );
    }
    let recipient = shared.lock().dm_recipients.get(&id).copied();
    match recipient.and_then(|user| shared.guild.member(user)) {
        Some(member) => json_response(StatusCode::OK, private_channel_json(id, &member.user)),
        None => discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
    }
}

/// Whether `channel` is one the bot is not in: a guest server's, a group DM, a DM between two
/// users (`discord/places.rs`).
fn bot_not_there(inner: &Inner, channel: u64) -> bool {
    inner.private_channels.contains_key(&channel)
        || inner.guests.iter().any(|g| g.channel(channel).is_some())
}

/// Discord's answer to the bot reaching for a channel it is not in.
fn missing_access() -> Response {
    discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access")
}

fn private_channel_json(id: u64, recipient: &FakeUser) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient.json()],
        "flags": 0,
    })
}

fn create_dm(shared: &Shared, body: &Value) -> Response {
    let recipient: Option<u64> = body["recipient_id"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| body["recipient_id"].as_u64().map(|n| n.to_string()))
        .and_then(|s| s.parse().ok());
    let Some(member) = recipient.and_then(|id| shared.guild.member(id)) else {
        return discord_error(StatusCode::BAD_REQUEST, 50033, "Invalid Recipient(s)");
    };
    let channel = dm_channel(&mut shared.lock(), member.user.id);
    json_response(StatusCode::OK, private_channel_json(channel, &member.user))
}

fn set_commands(shared: &Shared, guild: Option<u64>, body: &Value) -> Response {
    let Some(commands) = body.as_array() else {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut inner = shared.lock();
    let previous = match guild {
        Some(g) => inner.guild_commands.get(&g).cloned(),
        None => inner.global_commands.clone(),
    }
    .unwrap_or_default();
    let mut answered = Vec::new();
    for command in commands {
        let mut command = command.clone();
        let name = command["name"].clone();
        // Discord keeps a command's id when a bulk overwrite re-registers the same name.
        let id = previous
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["id"].clone())
            .unwrap_or_else(|| json!(inner.fresh_id().to_string()));
        let version = inner.fresh_id();
        let defaults = json!({
            "type": 1,
            "description": "",
            "default_member_permissions": null,
            "nsfw": false,
            "options": [],
        });
        for (key, value) in defaults.as_object().expect("object") {
            if command.get(key).is_none() {
                command[key] = value.clone();
            }
        }
        command["id"] = id;
        command["application_id"] = json!(shared.application_id().to_string());
        command["version"] = json!(version.to_string());
        command["guild_id"] = guild.map_or(Value::Null, |g| json!(g.to_string()));
        answered.push(command);
    }
    match guild {
        Some(g) => {
            inner.guild_commands.insert(g, answered.clone());
        }
        None => inner.global_commands = Some(answered.clone()),
    }
    json_response(StatusCode::OK, Value::Array(answered))
}

/// Stores uploaded files as attachments of a message; returns the attachment objects.
fn store_files(
    shared: &Shared,
    inner: &mut Inner,
    payload: &Value,
    files: &[(String, Vec<u8>)],
) -> Vec<Value> {
    files
        .iter()
        .enumerate()
        .map(|(index, (filename, bytes))| {
            let id = inner.fresh_id();
            inner.attachments.insert(id, bytes.clone());
            let url = format!("{}/attachments/{id}/{filename}", shared.base);
            // The description the bot gave this upload, if any (payload `attachments[i]`).
            let description = payload["attachments"]
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .find(|a| snowflake_text(&a["id"]) == index.to_string())
                })
                .map(|a| a["description"].clone())
                .unwrap_or(Value::Null);
            let content_type = if filename.ends_with(".png") {
                json!("image/png")
            } else {
                Value::Null
            };
            json!({
                "id": id.to_string(),
                "filename": filename,
                "description": description,
                "size": bytes.len(),
                "url": url,
                "proxy_url": url,
                "content_type": content_type,
            })
        })
        .collect()
}

fn reply(
    kind: ReplyKind,
    interaction_id: Option<u64>,
    channel_id: Option<u64>,
    message_id: Option<u64>,
    payload: Value,
    files: Vec<(String, Vec<u8>)>,
) -> Reply {
    Reply {
        interaction_id,
        kind,
        channel_id,
        dm_to: None,
        message_id,
        content: payload["content"].as_str().map(str::to_owned),
        embeds: payload["embeds"].clone(),
        components: payload["components"].clone(),
        flags: payload["flags"].as_u64().unwrap_or(0),
        allowed_mentions: payload.get("allowed_mentions").cloned(),
        files,
        choices: payload["choices"].as_array().cloned().unwrap_or_default(),
        payload,
    }
}

fn record(inner: &mut Inner, mut reply: Reply) {
    reply.dm_to = reply
        .channel_id
        .and_then(|c| inner.dm_recipients.get(&c).copied());
    inner.replies.push(reply.clone());
    inner.unseen.push_back(reply);
}

fn interaction_callback(shared: &Shared, id: &str, token: &str, body: Body) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if record_.id.to_string() != id {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    if record_.expired(inner.now_ms()) {
        return token_expired(true);
    }
    if record_.response.is_some() {
        return discord_error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    let (interaction_id, channel_id, guild_id, component_message) = (
        record_.id,
        record_.channel_id,
        record_.guild_id,
        record_.original,
    );
    let owners = record_.owners.clone();
    let Some(kind) = body.json["type"].as_u64() else {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let data = body.json.get("data").cloned().unwrap_or(json!({}));
    let mut message_id = None;
    match kind {
        4 | 5 => {
            let id = inner.fresh_id();
            let attachments = store_files(shared, &mut inner, &data, &body.files);
            let loading = if kind == 5 { LOADING } else { 0 };
            let message = message_json(
                id,
                channel_id,
                guild_id,
                &shared.bot,
                &data,
                attachments,
                loading,
                Some(shared.application_id()),
            );
            inner.messages.insert(id, message);
            inner.message_owners.insert(id, owners.clone());
            message_id = Some(id);
        }
        7 => {
            // Update the message the component is on.
            let Some(target) = component_message else {
                return discord_error(
                    StatusCode::BAD_REQUEST,
                    40004,
                    "Interaction has no message to update",
                );
            };
            let uploaded = store_files(shared, &mut inner, &data, &body.files);
            if let Some(message) = inner.messages.get_mut(&target) {
                apply_edit(message, &data, uploaded);
            }
            message_id = Some(target);
        }
        1 | 6 | 8 | 9 | 10 | 12 => {}
        _ => {
            return discord_error(
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid interaction response type",
            );
        }
    }
    let record_ = inner
        .interactions
        .get_mut(token)
        .expect("interaction record");
    record_.response = Some(kind);
    if kind == 4 || kind == 5 {
        record_.original = message_id;
    }
    record_.deferred_pending = kind == 5;
    if kind == 9 {
        record_.modal = data["custom_id"].as_str().map(str::to_owned);
    }
    let reply = reply(
        ReplyKind::Callback(kind),
        Some(interaction_id),
        Some(channel_id),
        message_id,
        data,
        body.files,
    );
    record(&mut inner, reply);
    StatusCode::NO_CONTENT.into_response()
}

fn webhook_message(
    shared: &Shared,
    method: &str,
    token: &str,
    message: &str,
    body: Body,
) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if record_.expired(inner.now_ms()) {
        return token_expired(false);
    }
    if record_.response.is_none() {
        // Discord creates the interaction's webhook only once the interaction is answered: an
        // edit of `@original` before that has nothing to edit.
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    let (interaction_id, channel_id) = (record_.id, record_.channel_id);
    let original = message == "@original";
    let target = if original {
        record_.original
    } else {
        message.parse().ok()
    };
    let Some(target) = target.filter(|id| inner.messages.contains_key(id)) else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    match method {
        "GET" => json_response(StatusCode::OK, inner.messages[&target].clone()),
        "DELETE" => {
            inner.messages.remove(&target);
            let reply = reply(
                ReplyKind::Delete,
                Some(interaction_id),
                Some(channel_id),
                Some(target),
                Value::Null,
                vec![],
            );
            record(&mut inner, reply);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
            let message = inner.messages.get_mut(&target).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            if original {
                inner
                    .interactions
                    .get_mut(token)
                    .expect("record")
                    .deferred_pending = false;
            }
            let kind = if original {
                ReplyKind::EditOriginal
            } else {
                ReplyKind::EditFollowup
            };
            let reply = reply(
                kind,
                Some(interaction_id),
                Some(channel_id),
                Some(target),
                body.json,
                body.files,
            );
            record(&mut inner, reply);
            json_response(StatusCode::OK, answer)
        }
    }
}

fn followup(shared: &Shared, token: &str, body: Body) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if record_.expired(inner.now_ms()) {
        return token_expired(false);
    }
    if record_.response.is_none() {
        // Discord creates the interaction's webhook only once the interaction is answered.
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    let (interaction_id, channel_id, guild_id) = (record_.id, record_.channel_id, record_.guild_id);
    let fills_deferred = record_
        .deferred_pending
        .then_some(record_.original)
        .flatten()
        .filter(|original| inner.messages.contains_key(original));
    let owners = record_.owners.clone();
    // A user's install where the bot is not (no server install among the owners) gets 5
    // follow-up messages per interaction; a follow-up that fills a deferred response is its
    // edit, not a new message. Code 40094 and its text are Discord's JSON error code list's;
    // the status is 400, as for Discord's other limits of a request's kind.
    if fills_deferred.is_none()
        && super::places::user_install_only(&owners)
        && record_.followups >= super::USER_INSTALL_FOLLOWUPS
    {
        return discord_error(
            StatusCode::BAD_REQUEST,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        );
    }
    let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
    let (id, answer) = match fills_deferred {
        // The first follow-up after a deferred response replaces the "thinking" message.
        Some(original) => {
            let message = inner.messages.get_mut(&original).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            inner
                .interactions
                .get_mut(token)
                .expect("record")
                .deferred_pending = false;
            (original, answer)
        }
        None => {
            let id = inner.fresh_id();
            let message = message_json(
                id,
                channel_id,
                guild_id,
                &shared.bot,
                &body.json,
                uploaded,
                0,
                Some(shared.application_id()),
            );
            inner.messages.insert(id, message.clone());
            inner.message_owners.insert(id, owners);
            inner.interactions.get_mut(token).expect("record").followups += 1;
            (id, message)
        }
    };
    let reply = reply(
        ReplyKind::Followup,
        Some(interaction_id),
        Some(channel_id),
        Some(id),
        body.json,
        body.files,
    );
    record(&mut inner, reply);
    json_response(StatusCode::OK, answer)
}

fn create_message(shared: &Shared, channel: &str, body: Body) -> Response {
    let Ok(channel) = channel.parse::<u64>() else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    let in_thread = match super::threads::before_post(shared, channel) {
        Ok(in_thread) => in_thread,
        Err(refused) => return *refused,
    };
    let mut inner = shared.lock();
    let guild_channel = in_thread || shared.guild.channel(channel).is_some();
    let dm_recipient = inner.dm_recipients.get(&channel).copied();
    if !guild_channel && dm_recipient.is_none() {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    if in_thread {
        // Checked with the parent's permissions by `before_post`.
    } else if let Some(user) = dm_recipient {
        if inner.closed_dms.contains(&user) {
            return discord_error(
                StatusCode::FORBIDDEN,
                50007,
                "Cannot send messages to this user",
            );
        }
    } else {
        let granted = shared
            .guild
            .permissions(shared.bot.id, Some(channel), shared.bot.id);
        let mut needed = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        if !body.files.is_empty() {
            needed |= Permissions::ATTACH_FILES;
        }
        if inner.denied_channels.contains(&channel) || !granted.contains(needed) {
            return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
        }
    }
    let nonce = match &body.json["nonce"] {
        Value::Null => None,
        Value::String(s) if s.chars().count() <= MAX_NONCE_CHARS => Some(s.clone()),
        Value::Number(n) if n.is_u64() || n.is_i64() => Some(n.to_string()),
        _ => return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"),
    };
    let author = shared.bot.id;
    if body.json["enforce_nonce"].as_bool() == Some(true)
        && let Some(nonce) = &nonce
        && let Some(existing) = inner
            .nonces
            .get(&(channel, author, nonce.clone()))
            .and_then(|id| inner.messages.get(id))
    {
        // The same author already created a message with this nonce here: that message is
        // the answer, and nothing new is created or recorded.
        return json_response(StatusCode::OK, existing.clone());
    }
    let id = inner.fresh_id();
    if let Some(nonce) = nonce {
        inner.nonces.insert((channel, author, nonce), id);
    }
    let attachments = store_files(shared, &mut inner, &body.json, &body.files);
    let guild = guild_channel.then_some(shared.guild.id);
    let message = message_json(
        id,
        channel,
        guild,
        &shared.bot,
        &body.json,
        attachments,
        0,
        None,
    );
    inner.messages.insert(id, message.clone());
    let reply = reply(
        ReplyKind::ChannelMessage,
        None,
        Some(channel),
        Some(id),
        body.json,
        body.files,
    );
    record(&mut inner, reply);
    let mut response = json_response(StatusCode::OK, message);
    if std::mem::take(&mut inner.hang_next_message) {
        response
            .headers_mut()
            .insert(HANG_HEADER, header::HeaderValue::from_static("1"));
    }
    response
}

fn channel_message(
    shared: &Shared,
    method: &str,
    channel: &str,
    message: &str,
    body: Body,
) -> Response {
    let channel_text = channel;
    let (Ok(channel), Ok(target)) = (channel.parse::<u64>(), message.parse::<u64>()) else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if method == "PATCH"
        && let Some(refused) = super::threads::before_edit(shared, channel)
    {
        return refused;
    }
    let mut inner = shared.lock();
    let exists = inner
        .messages
        .get(&target)
        .is_some_and(|m| m["channel_id"].as_str() == Some(channel_text));
    if !exists {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    match method {
        "GET" => json_response(StatusCode::OK, inner.messages[&target].clone()),
        "DELETE" => {
            inner.messages.remove(&target);
            let reply = reply(
                ReplyKind::Delete,
                None,
                Some(channel),
                Some(target),
                Value::Null,
                vec![],
            );
            record(&mut inner, reply);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
            let message = inner.messages.get_mut(&target).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            let reply = reply(
                ReplyKind::EditChannelMessage,
                None,
                Some(channel),
                Some(target),
                body.json,
                body.files,
            );
            record(&mut inner, reply);
            json_response(StatusCode::OK, answer)
        }
    }
}
