//! The gateway WebSocket at `/gateway`: HELLO, then IDENTIFY -> READY + GUILD_CREATE,
//! HEARTBEAT -> HEARTBEAT_ACK, RESUME -> RESUMED, and the dispatches a test sends through the
//! connection's link (interactions, mostly).

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::{GatewayLink, Outgoing, Shared};

/// Discord's usual interval; serenity heartbeats at it, so in a short test it hardly ever does.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

pub(super) async fn gateway(
    State(shared): State<Arc<Shared>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade.on_upgrade(move |socket| run(shared, socket))
}

/// One connection's state.
struct Connection {
    shared: Arc<Shared>,
    socket: WebSocket,
    /// Numbers the connection in the fake's counters; a link is only cleared by its own
    /// connection, so a late close of an old socket cannot unlink a newer session.
    number: u32,
    /// Sequence number of the last dispatch sent.
    seq: u64,
    /// Given to the fake as this connection's link once the session is live.
    tx: mpsc::UnboundedSender<Outgoing>,
}

impl Connection {
    async fn send(&mut self, value: &Value) -> bool {
        self.socket
            .send(WsMessage::Text(value.to_string().into()))
            .await
            .is_ok()
    }

    async fn dispatch(&mut self, event: &str, data: Value) -> bool {
        self.seq += 1;
        let frame = json!({ "op": 0, "s": self.seq, "t": event, "d": data });
        self.send(&frame).await
    }

    async fn close(&mut self, code: u16, reason: &str) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = self.socket.send(WsMessage::Close(Some(frame))).await;
    }

    /// Makes this connection the live session. Done *before* READY or RESUMED goes out: the
    /// bot reacts to them at once (poise registers its commands on READY), and a test woken by
    /// that must already see the session and the IDENTIFY. Dispatches queued on the link go
    /// out after the ones sent here, since this task sends both.
    fn go_live(&self, identify: Option<Value>) {
        let mut inner = self.shared.lock();
        match identify {
            Some(payload) => {
                inner.identify = Some(payload);
                inner.stats.identifies += 1;
            }
            None => inner.stats.resumes += 1,
        }
        inner.stats.connected = true;
        inner.gateway = Some(GatewayLink {
            connection: self.number,
            tx: self.tx.clone(),
        });
        drop(inner);
        self.shared.notify();
    }

    /// Answers one payload from the bot; `false` ends the connection.
    async fn answer(&mut self, payload: Value) -> bool {
        match payload["op"].as_u64() {
            // HEARTBEAT
            Some(1) => {
                let ack = json!({ "op": 11, "d": null, "s": null, "t": null });
                self.send(&ack).await
            }
            // IDENTIFY
            Some(2) => {
                if self.shared.lock().reject_token {
                    self.close(4004, "Authentication failed.").await;
                    return false;
                }
                let ready = self.shared.ready_json(self.number, &payload["d"]["shard"]);
                let guild = self.shared.guild_create_json(&self.shared.guild_now());
                self.seq = 0;
                self.go_live(Some(payload["d"].clone()));
                self.dispatch("READY", ready).await && self.dispatch("GUILD_CREATE", guild).await
            }
            // RESUME: nothing was missed, so nothing to replay.
            Some(6) => {
                self.go_live(None);
                self.dispatch("RESUMED", json!({})).await
            }
            // Presence updates, member requests: nothing to answer.
            _ => true,
        }
    }
}

async fn run(shared: Arc<Shared>, socket: WebSocket) {
    let number = {
        let mut inner = shared.lock();
        inner.stats.connections += 1;
        inner.stats.connections
    };
    shared.notify();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut connection = Connection {
        shared: shared.clone(),
        socket,
        number,
        seq: 0,
        tx,
    };
    let hello = json!({
        "op": 10,
        "d": { "heartbeat_interval": HEARTBEAT_INTERVAL_MS },
        "s": null,
        "t": null,
    });
    let mut open = connection.send(&hello).await;
    while open {
        open = tokio::select! {
            incoming = connection.socket.recv() => match incoming {
                Some(Ok(WsMessage::Text(text))) => match serde_json::from_str(text.as_str()) {
                    Ok(payload) => connection.answer(payload).await,
                    Err(_) => {
                        eprintln!("FakeDiscord: gateway got non-JSON text: {text}");
                        true
                    }
                },
                Some(Ok(WsMessage::Close(_)) | Err(_)) | None => false,
                Some(Ok(_)) => true,
            },
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Dispatch { event, data }) => connection.dispatch(&event, data).await,
                Some(Outgoing::Close(code)) => {
                    connection.close(code, "").await;
                    false
                }
                None => false,
            },
        };
    }
    let mut inner = shared.lock();
    if inner
        .gateway
        .as_ref()
        .is_some_and(|link| link.connection == number)
    {
        inner.gateway = None;
    }
    inner.stats.connected = inner.gateway.is_some();
    drop(inner);
    shared.notify();
}
