//! A port on 127.0.0.1 that takes every connection, reads the request's first line, records it
//! and hangs up without an answer: Discord unreachable as the bot sees it (every request fails
//! with "error sending request"), yet each of its attempts is seen. A test then waits for the
//! bot's next attempt, an event, instead of sleeping through its back-off on the wall clock.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The port; dropping it closes it.
pub struct HangUp {
    port: u16,
    /// The first line of every request so far (`GET /api/v10/gateway HTTP/1.1`), in order.
    requests: Arc<watch::Sender<Vec<String>>>,
    accept: JoinHandle<()>,
}

impl HangUp {
    /// Listens on a free port of 127.0.0.1.
    pub async fn start() -> HangUp {
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
            .await
            .expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local address").port();
        let requests = Arc::new(watch::Sender::new(Vec::new()));
        let seen = requests.clone();
        let accept = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let seen = seen.clone();
                tokio::spawn(async move {
                    let mut reader = BufReader::new(stream);
                    let mut line = String::new();
                    // The request line, then the headers up to the blank line: all of the
                    // request is read, so closing sends a plain end of stream, not a reset.
                    if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let first = line.trim_end().to_owned();
                    loop {
                        line.clear();
                        match reader.read_line(&mut line).await {
                            Ok(n) if n > 0 && line != "\r\n" => {}
                            _ => break,
                        }
                    }
                    seen.send_modify(|requests| requests.push(first));
                    // Dropped here: the connection closes with no answer.
                });
            }
        });
        HangUp {
            port,
            requests,
            accept,
        }
    }

    /// `http://127.0.0.1:PORT`: the address to give the bot.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The first line of every request so far, in order.
    pub fn requests(&self) -> Vec<String> {
        self.requests.borrow().clone()
    }

    /// Waits until `count` requests whose first line contains `text` have come; panics after
    /// `timeout` with the requests seen.
    pub async fn wait_requests(&self, text: &str, count: usize, timeout: Duration) {
        let mut requests = self.requests.subscribe();
        let waited = tokio::time::timeout(
            timeout,
            requests.wait_for(|r| r.iter().filter(|l| l.contains(text)).count() >= count),
        )
        .await;
        assert!(
            waited.is_ok_and(|r| r.is_ok()),
            "{count} requests {text:?} not seen within {timeout:?}: {:?}",
            self.requests()
        );
    }
}

impl Drop for HangUp {
    fn drop(&mut self) {
        self.accept.abort();
    }
}
