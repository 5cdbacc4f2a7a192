// The cardsize program; its commands are the CardsizeCommands library.
import CardsizeCommands
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A reader that goes away (`cardsize measure big.csv | head -1`) then fails the next write
// with EPIPE, which the output reports with a message and status 1, rather than SIGPIPE
// ending the run without a word.
signal(SIGPIPE, SIG_IGN)
CardSize.main()
