// Text that is about other notes or people: generic replies, quote comments, shout-outs,
// zap comments and the handful of posts that hide behind a content warning.

/** Replies that fit under almost anything */
export const genericReplies: readonly string[] = [
  'Love this.',
  'So true.',
  'Thanks for sharing!',
  'This made my day 😊',
  'Haha, yes.',
  'Agreed 💯',
  'Interesting, tell me more?',
  'Never thought about it that way.',
  'Beautiful.',
  'Ha! Same here.',
  'Exactly this.',
  '🔥🔥',
  'Wow.',
  'Needed to hear this today.',
  'Following for more of this.',
  'Hard agree.',
  'You always find the good stuff.',
  'Respectfully, I disagree, but I see where you’re coming from.',
  'Can you say more about the second part?',
  'Saved.',
]

/** Follow-ups inside a thread, from the original author or someone already talking */
export const threadFollowUps: readonly string[] = [
  'Thanks! It was a good one.',
  'Ha, glad it wasn’t just me.',
  'Good question. Short answer: it depends. Long answer: coffee first.',
  'Fair point, I hadn’t considered that.',
  'Exactly what I was trying to say, but better.',
  'I’ll write a longer post about it this week.',
  'Appreciate you 🙏',
  'You’re right, I should have been clearer.',
  'Yes! That’s the part that surprised me most.',
  'Let’s grab a coffee and argue about it properly.',
  'Noted. Trying that next time.',
  'Ha, you’d be surprised.',
  'I knew someone would ask 😄',
  'Honestly, a bit of luck too.',
]

/** Comments above a quoted note; %QUOTE% is replaced with a nostr: link */
export const quoteComments: readonly string[] = [
  'This 👇\n\n%QUOTE%',
  'Worth reading if you missed it.\n\n%QUOTE%',
  'Exactly what I was saying yesterday. %QUOTE%',
  'Couldn’t have said it better. %QUOTE%',
  'Respectfully: no. Longer reply later.\n\n%QUOTE%',
  'Everyone should see this.\n\n%QUOTE%',
  'Ha, this is so good. %QUOTE%',
  'The best thing I read on here today.\n\n%QUOTE%',
  'Adding some context: it’s more complicated than it looks, but the core point stands.\n\n%QUOTE%',
  'Saving this for later. %QUOTE%',
  'Yes yes yes. %QUOTE%',
  'Not my usual topic, but this is great. %QUOTE%',
]

/** Posts that name someone; %MENTION% becomes a nostr:npub link */
export const mentionPosts: readonly string[] = [
  'If you’re not following %MENTION% yet, fix that. Consistently the most thoughtful posts on my feed.',
  'Had a great call with %MENTION% today. We should do a longer conversation in public sometime.',
  'Shout-out to %MENTION% for answering my very basic questions with a lot of patience. 🙏',
  '%MENTION% convinced me to try this and I’m not going back.',
  'Met %MENTION% in person this week! Exactly as kind as online.',
  'Reading a great long post by %MENTION% over breakfast. Go find it.',
  'Follow Friday, nostr style: %MENTION%, because the feed is better with them on it.',
  'Thanks to %MENTION% for the zap, and more importantly for the kind words. ⚡',
]

/** Comments that come with a zap */
export const zapComments: readonly string[] = [
  'Great post!',
  'For the coffee fund ☕',
  'Keep writing!',
  'This one deserved a zap ⚡',
  'Thank you for this.',
  '',
  'Onward!',
  'Tip for the thread 🙏',
  '',
  'Loved it',
]

/** Notes behind a NIP-36 content warning, by persona handle */
export const contentWarningPosts: readonly {
  handle: string
  reason: string
  text: string
}[] = [
  {
    handle: 'noor',
    reason: 'spoilers for the ending of a mystery novel',
    text: 'I cannot believe the detective was the narrator all along. I went back and reread the first chapter and every clue was right there. Masterful. #books #spoilers',
  },
  {
    handle: 'finn',
    reason: 'injury, blood',
    text: 'Crashed on the descent today. Fifteen stitches in the knee, bike is fine, pride is not. Wear gloves, friends: they saved my palms. #cycling',
  },
  {
    handle: 'nico',
    reason: 'raw meat, butchery',
    text: 'Breaking down a whole lamb for the weekend menu. Nothing goes to waste: shoulders for ragù, bones for stock, the rest for staff meal. #foodstr #nosetotail',
  },
  {
    handle: 'tomas',
    reason: 'descriptions of violence',
    text: 'Spent the day reading court transcripts about the assault at the detention centre. I am going to take a walk before I write a single word. #journalism',
  },
  {
    handle: 'clara',
    reason: 'dead animals',
    text: 'Found a stranded whale on the beach survey today. We took samples for the stranding network. Sad day, important data. #science #ocean',
  },
  {
    handle: 'zoe',
    reason: 'political rant',
    text: 'Okay, I have to get this off my chest: the new housing policy is a gift to landlords disguised as help for renters, and I will die on this hill. Rant over. #news',
  },
  {
    handle: 'sofia',
    reason: 'medical, injury photos',
    text: 'Stress fracture confirmed. Six weeks in a boot, zero running. Going to be the most annoying person you know about it. #running',
  },
  {
    handle: 'lucas',
    reason: 'mountain accident, death',
    text: 'A serac fell on a popular route yesterday. Two climbers did not come home. Thinking of their families and of every guide who walked under that ice this season. #mountains',
  },
]
