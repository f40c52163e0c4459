//! The gateway WebSocket at `/gateway`.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::{GatewayLink, Outgoing, Shared};

// ---- gateway -----------------------------------------------------------------------------

pub(super) async fn gateway(
    State(shared): State<Arc<Shared>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade.on_upgrade(move |socket| run_gateway(shared, socket))
}

async fn send_json(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(WsMessage::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: HELLO, then IDENTIFY -> READY + GUILD_CREATE, HEARTBEAT -> ACK,
/// RESUME -> RESUMED, and whatever dispatches the test sends through the link.
async fn run_gateway(shared: Arc<Shared>, mut socket: WebSocket) {
    let connection = {
        let mut inner = shared.lock();
        inner.stats.connections += 1;
        inner.stats.connections
    };
    shared.notify();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut seq = 0u64;
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 }, "s": null, "t": null });
    if !send_json(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(text.as_str()) else {
                    eprintln!("FakeDiscord: gateway got non-JSON text: {text}");
                    continue;
                };
                match payload["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({ "op": 11, "d": null, "s": null, "t": null });
                        if !send_json(&mut socket, &ack).await { break; }
                    }
                    Some(2) => {
                        if shared.lock().reject_token {
                            let frame = CloseFrame { code: 4004, reason: "Authentication failed.".into() };
                            let _ = socket.send(WsMessage::Close(Some(frame))).await;
                            break;
                        }
                        let ready = shared.ready_json(connection, &payload["d"]["shard"]);
                        seq = 0;
                        seq += 1;
                        let frame = json!({ "op": 0, "s": seq, "t": "READY", "d": ready });
                        if !send_json(&mut socket, &frame).await { break; }
                        seq += 1;
                        let guild = shared.guild.create_json(shared.application_id());
                        let frame = json!({ "op": 0, "s": seq, "t": "GUILD_CREATE", "d": guild });
                        if !send_json(&mut socket, &frame).await { break; }
                        let mut inner = shared.lock();
                        inner.identify = Some(payload["d"].clone());
                        inner.stats.identifies += 1;
                        inner.stats.connected = true;
                        inner.gateway = Some(GatewayLink { connection, tx: tx.clone() });
                        drop(inner);
                        shared.notify();
                    }
                    Some(6) => {
                        seq += 1;
                        let frame = json!({ "op": 0, "s": seq, "t": "RESUMED", "d": {} });
                        if !send_json(&mut socket, &frame).await { break; }
                        let mut inner = shared.lock();
                        inner.stats.resumes += 1;
                        inner.stats.connected = true;
                        inner.gateway = Some(GatewayLink { connection, tx: tx.clone() });
                        drop(inner);
                        shared.notify();
                    }
                    // Presence updates, member requests: nothing to answer.
                    _ => {}
                }
            }
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Dispatch { event, data }) => {
                    seq += 1;
                    let frame = json!({ "op": 0, "s": seq, "t": event, "d": data });
                    if !send_json(&mut socket, &frame).await { break; }
                }
                Some(Outgoing::Close(code)) => {
                    let frame = CloseFrame { code, reason: "".into() };
                    let _ = socket.send(WsMessage::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
        }
    }
    let mut inner = shared.lock();
    if inner
        .gateway
        .as_ref()
        .is_some_and(|l| l.connection == connection)
    {
        inner.gateway = None;
    }
    inner.stats.connected = inner.gateway.is_some();
    drop(inner);
    shared.notify();
}
