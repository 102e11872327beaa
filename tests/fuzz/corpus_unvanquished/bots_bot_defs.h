// bot_defs.h — values and shorthands every bot of this folder shares (#include "bot_defs.h").
#ifndef BOT_DEFS_H
#define BOT_DEFS_H

#define LOW_HEALTH 0.3
#define CLOSE_RANGE 400
#define RETRY_MS 3000

// The distance to an entity under a range.
#define NEAR(entity, range) ( distanceTo( entity ) < range )
// The bot's own health under a fraction.
#define HURT(fraction) percentHealth( E_SELF ) < fraction
// An action run only while a condition holds (a define continued over lines).
#define WHILE_THEN(test, act) condition test \
	{ \
		action act \
	}

#endif
