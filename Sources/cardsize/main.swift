// The cardsize program; its commands are the CardsizeCommands library.
import CardsizeCommands

CardSize.main()
