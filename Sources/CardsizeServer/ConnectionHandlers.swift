// What each connection's pipeline adds to Hummingbird's HTTP/1.1: a time limit on reading a
// request, and HTTP/1.0 answered as HTTP/1.0.
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with ``RequestReadTimeLimitHandler`` and ``HTTP10Handler``
/// between the HTTP/1 parser and Hummingbird's conversion of its parts (which keeps no
/// HTTP version).
struct GuardedHTTP1Channel: ServerChildChannel {
    let channel: HTTP1Channel
    /// How long a connection may take to send a whole request.
    let readTimeLimit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        self.channel.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTP10Handler(), position: .after(parser))
            try pipeline.addHandler(RequestReadTimeLimitHandler(limit: readTimeLimit), position: .after(parser))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await channel.handle(value: value, logger: logger)
    }
}

/// Closes a connection that has not sent a whole request (headers and body) within `limit`
/// of being ready for one: opened, or its last answer sent. A client sending nothing, or its
/// headers or body a byte at a time, holds a connection that long and no longer.
final class RequestReadTimeLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let limit: TimeAmount
    /// Requests read whole, and answers sent: while a request read whole waits for its answer,
    /// no time runs. (An answer may also be sent before its request is read whole, a 413 for
    /// a body over the limit: the rest of that body is then timed.)
    private var requestsRead = 0
    private var answersSent = 0
    private var timeout: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startTiming(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeout?.cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        startTiming(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            requestsRead += 1
            if requestsRead > answersSent {
                timeout?.cancel()
                timeout = nil
            } else {
                startTiming(context)  // answered already: the next request's time starts
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answersSent += 1
            if requestsRead <= answersSent { startTiming(context) }
        }
        context.write(data, promise: promise)
    }

    private func startTiming(_ context: ChannelHandlerContext) {
        timeout?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(in: limit) { loopBound.value.close(promise: nil) }
    }
}

/// Answers an HTTP/1.0 request as HTTP/1.0, and closes the connection after it unless the
/// request asked to keep it alive (HTTP/1.0's default is to close).
final class HTTP10Handler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The versions of the requests read and not yet answered, oldest first.
    private var versions: [(version: HTTPVersion, keepAlive: Bool)] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        versions.append((head.version, head.isKeepAlive))
        // Hummingbird closes after answering a request that says so; a 1.0 request means it
        // by default.
        if head.version == .http1_0, !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where versions.first?.version == .http1_0:
            head.version = .http1_0
            if versions[0].keepAlive { head.headers.replaceOrAdd(name: "connection", value: "keep-alive") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            if !versions.isEmpty { versions.removeFirst() }
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}
