// A fixed-reply HTTP server on libmicrohttpd: the ceiling the Swift server is compared with.
//
// Every request (its body read and dropped) gets the same 200-byte JSON answer, built once.
// Build: cc -O2 -o c-fixed-reply server.c $(pkg-config --cflags --libs libmicrohttpd)
// Run:   c-fixed-reply PORT [THREADS] [pool|turbo|thread-per-connection|layoutd|layoutd-poll] [fresh]
//
// `layoutd` configures libmicrohttpd the way layoutd does: epoll worker threads and no listen
// socket of libmicrohttpd's own; an accept thread hands every connection to MHD_add_connection,
// which spreads connections over the workers by socket number. (In `pool` and `turbo` the
// workers accept from one shared socket, and a burst of connects may all land on one worker.)
// layoutd's close watcher is left out: it acts when a client closes, never per request.
// `layoutd-poll` is the same with poll(2) workers, as layoutd ran before its epoll workers.
// `fresh` makes each answer as a server whose answers differ must, and as layoutd does: a libmicrohttpd
// response per request (the body copied, `MHD_RESPMEM_MUST_COPY`), its `Content-Type` and an
// `X-Request-Id` added, destroyed once queued. Without it, one response made at start serves all.
// Binds 127.0.0.1 only; stops on SIGINT or SIGTERM.

#include <arpa/inet.h>
#include <pthread.h>
#include <unistd.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// 200 bytes: the size of a translate answer with an animation.
static const char reply[] =
    "{\"mode\":\"translate\",\"keyboard\":{\"state\":\"docked\",\"overlap\":336},"
    "\"offset\":{\"x\":0,\"y\":-246},\"fits\":true,\"animation\":{\"duration\":0.25,"
    "\"curve\":7,\"options\":458752,\"timingFunction\":\"ease-in-out\"},\"pad\":\"x\"}";

static struct MHD_Response *response;
static int fresh;

static enum MHD_Result serve(void *cls, struct MHD_Connection *connection, const char *url,
                             const char *method, const char *version, const char *upload_data,
                             size_t *upload_data_size, void **state) {
  (void)cls, (void)url, (void)method, (void)version, (void)upload_data;
  static int marker;
  if (*state == NULL) {  // headers only: ask for the body
    *state = &marker;
    return MHD_YES;
  }
  if (*upload_data_size != 0) {  // a piece of the body: drop it
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (!fresh) return MHD_queue_response(connection, MHD_HTTP_OK, response);
  struct MHD_Response *made = MHD_create_response_from_buffer(sizeof reply - 1, (void *)reply, MHD_RESPMEM_MUST_COPY);
  MHD_add_response_header(made, "Content-Type", "application/json");
  MHD_add_response_header(made, "X-Request-Id", "4bf92f3577b34da6a3ce929d0e0e4736");
  enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, made);
  MHD_destroy_response(made);
  return result;
}

static int listen_socket = -1;

// layoutd's accept thread: every connection to libmicrohttpd.
static void *accept_loop(void *daemon) {
  for (;;) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    int client = accept(listen_socket, (struct sockaddr *)&address, &length);
    if (client < 0) continue;
    MHD_add_connection(daemon, client, (struct sockaddr *)&address, length);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PORT [THREADS] [pool|turbo|thread-per-connection|layoutd|layoutd-poll] [fresh]\n",
            argv[0]);
    return 2;
  }
  int port = atoi(argv[1]);
  unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : 2;
  const char *mode = argc > 3 ? argv[3] : "pool";
  fresh = argc > 4 && strcmp(argv[4], "fresh") == 0;

  response = MHD_create_response_from_buffer(sizeof reply - 1, (void *)reply, MHD_RESPMEM_PERSISTENT);
  MHD_add_response_header(response, "Content-Type", "application/json");

  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons((uint16_t)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, NULL);  // before any thread starts: all inherit it

  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
  struct MHD_Daemon *daemon;
  if (strcmp(mode, "thread-per-connection") == 0) {
    daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL,
                              (uint16_t)port, NULL, NULL, serve, NULL, MHD_OPTION_SOCK_ADDR, &address,
                              MHD_OPTION_CONNECTION_LIMIT, 2048u, MHD_OPTION_END);
  } else if (strcmp(mode, "layoutd") == 0 || strcmp(mode, "layoutd-poll") == 0) {
    unsigned int polling = strcmp(mode, "layoutd-poll") == 0 ? MHD_USE_POLL : MHD_USE_EPOLL;
    listen_socket = socket(AF_INET, SOCK_STREAM, 0);
    int on = 1;
    setsockopt(listen_socket, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (bind(listen_socket, (struct sockaddr *)&address, sizeof address) != 0 || listen(listen_socket, 1024) != 0) {
      fprintf(stderr, "c-fixed-reply: could not listen on 127.0.0.1:%d\n", port);
      return 1;
    }
    daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | polling | MHD_USE_ITC | MHD_USE_NO_LISTEN_SOCKET,
                              0, NULL, NULL, serve, NULL, MHD_OPTION_THREAD_POOL_SIZE, threads,
                              MHD_OPTION_CONNECTION_LIMIT, 2048u, MHD_OPTION_END);
    pthread_t acceptor;
    if (daemon != NULL) pthread_create(&acceptor, NULL, accept_loop, daemon);
  } else {
    if (strcmp(mode, "turbo") == 0) flags |= MHD_USE_TURBO;
    daemon = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, serve, NULL, MHD_OPTION_SOCK_ADDR, &address,
                              MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_LIMIT, 2048u,
                              MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, MHD_OPTION_END);
  }
  if (daemon == NULL) {
    fprintf(stderr, "c-fixed-reply: could not start on 127.0.0.1:%d\n", port);
    return 1;
  }
  fprintf(stderr, "c-fixed-reply: 127.0.0.1:%d, %u threads, %s%s\n", port, threads, mode,
          fresh ? ", an answer made per request" : "");
  int received;
  sigwait(&signals, &received);
  MHD_stop_daemon(daemon);
  MHD_destroy_response(response);
  return 0;
}
