//! A TCP forwarder on 127.0.0.1 that can be switched off and on: off, its port refuses
//! connections and those it forwarded are cut; on, it forwards every connection to a target.
//! Put before [`super::discord::FakeDiscord`] (started
//! [behind](super::discord::FakeDiscord::start_behind) it), it makes Discord unreachable
//! and reachable again, as a network outage does.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// The forwarder; dropping it switches it off.
pub struct Switch {
    port: u16,
    live: Mutex<Option<Live>>,
}

/// An accepting forwarder: its accept loop and the connections it forwards.
struct Live {
    accept: JoinHandle<()>,
    connections: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Live {
    fn cut(self) {
        self.accept.abort();
        let connections = std::mem::take(
            &mut *self
                .connections
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        for connection in connections {
            connection.abort();
        }
    }
}

impl Switch {
    /// A switch, off, on a port that was free a moment ago (nothing listens there).
    pub fn off() -> Switch {
        let probe = std::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
            .expect("bind 127.0.0.1:0");
        let port = probe.local_addr().expect("local address").port();
        Switch {
            port,
            live: Mutex::new(None),
        }
    }

    /// `http://127.0.0.1:PORT`: the address to give the bot.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Listens on the switch's port again and forwards each connection to `target`.
    pub async fn on(&self, target: SocketAddr) {
        self.off_now();
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        // The port was ours a moment ago; a socket of it may linger briefly.
        let mut tries = 0;
        let listener = loop {
            match TcpListener::bind(address).await {
                Ok(listener) => break listener,
                Err(e) if tries < 50 => {
                    tries += 1;
                    eprintln!("switch: rebinding {address}: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("switch: cannot listen on {address} again: {e}"),
            }
        };
        let connections: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let forwarded = connections.clone();
        let accept = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let connection = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                forwarded
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(connection);
            }
        });
        *self.live.lock().unwrap_or_else(PoisonError::into_inner) = Some(Live {
            accept,
            connections,
        });
    }

    /// Stops listening (connections are refused) and cuts every forwarded connection.
    pub fn cut(&self) {
        self.off_now();
    }

    fn off_now(&self) {
        if let Some(live) = self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            live.cut();
        }
    }
}

impl Drop for Switch {
    fn drop(&mut self) {
        self.off_now();
    }
}
