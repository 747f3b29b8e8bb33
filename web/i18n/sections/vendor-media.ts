import { messageSection } from './section.ts';

// Texts of the artist's own media (issue 22 item 5): the media section of the profile editor
// (web/components/vendor-media-editor.tsx) and the gallery, videos and audio of the public page.
// Captions are written in Hebrew and English (issue 22 item 7).
export const vendorMediaMessages = messageSection(
  {
    vendorMedia: {
      photos: 'Photos',
      photosHint: 'JPEG, PNG, WebP, GIF or AVIF, up to 20 MB each. The first photo is the one customers see first. Photos are resized for the web, and their location and camera details are removed.',
      addPhotos: 'Upload photos', noPhotos: 'No photos yet.',
      itemName: { photo: 'Photo {{number}}', audio: 'Audio {{number}}', youtube: 'YouTube video {{number}}', video: 'Video {{number}}' },
      groups: { photo: 'Photos', audio: 'Audio', youtube: 'YouTube videos', video: 'Uploaded videos' },
      earlier: 'Earlier', later: 'Later',
      moveEarlier: 'Move {{item}} earlier', moveLater: 'Move {{item}} later',
      remove: 'Remove', confirmRemove: 'Remove {{item}} from your page?', confirmYes: 'Yes, remove', keep: 'Keep it', removing: 'Removing…',
      moved: '{{item}} is now number {{position}}.', removed: '{{item}} was removed.', added: '{{name}} was added to your page.', linkAdded: 'The link was added to your page.',
      uploadsLabel: 'Uploads', progressLabel: 'Uploading {{name}}', waiting: 'Waiting…', sending: 'Uploading… {{percent}}%', processing: 'Preparing…', dismiss: 'Dismiss',
      videoAudio: 'Video and audio',
      videoAudioHint: 'Upload a video (MP4, MOV or WebM, up to 100 MB) or audio (MP3, M4A, WAV or OGG, up to 50 MB), or paste a YouTube or SoundCloud link.',
      addVideoFile: 'Upload a video', addAudioFile: 'Upload audio',
      link: 'YouTube or SoundCloud link', linkDescription: 'Caption (optional)', linkHint: 'For example https://youtu.be/… or https://soundcloud.com/artist/track', addLink: 'Add link', adding: 'Adding…',
      linkYouTube: 'YouTube video {{id}}', linkSoundCloud: 'A SoundCloud track or playlist', linkNotRecognized: 'This is not a YouTube video or a SoundCloud track link.',
      noVideoAudio: 'No video or audio yet.',
      caption: 'Caption', captionOf: 'Caption of {{item}}', addCaption: 'Add a caption', editCaption: 'Edit the caption',
      captionHint: 'In Hebrew and in English: each page shows its own language. Either may stay empty.',
      saveCaption: 'Save caption', savingCaption: 'Saving…', captionSaved: 'The caption of {{item}} was saved.',
      expected: {
        photo: 'a photo (JPEG, PNG, WebP, GIF or AVIF)', audio: 'an audio file (MP3, M4A, AAC, WAV, OGG or WebM)', video: 'a video (MP4, MOV, WebM or OGG)', youtube: 'a YouTube link',
      },
      errors: {
        tooLarge: '{{name}} is too large: up to {{limit}} MB.', badType: '{{name}} is not {{expected}}.', unreadable: '{{name}} could not be read; the file may be damaged.',
        empty: '{{name}} is empty.', network: 'The connection dropped while sending {{name}}. Try again.', full: 'This list is full ({{max}} at most); remove one first.',
        captionTooLong: 'A caption may be up to 500 characters in each language.', exists: 'This is on your page already.', stale: 'The list changed in another window. Reload the page and try again.', generic: 'That did not work. Try again in a moment.',
      },
    },
    vendorPageMedia: {
      openPhoto: 'Open photo {{number}} of {{count}}', photoAlt: '{{name}}, photo {{number}}', videoFile: '{{name}}, video {{number}}',
      playSoundCloud: 'Play on SoundCloud: {{title}}', soundCloudTrack: 'SoundCloud track', audioTrack: '{{name}}, audio {{number}}',
    },
  },
  {
    vendorMedia: {
      photos: 'תמונות',
      photosHint: 'JPEG, PNG, WebP, GIF או AVIF, עד 20MB כל אחת. התמונה הראשונה היא זו שלקוחות רואים קודם. התמונות מוקטנות לאתר, ופרטי המיקום והמצלמה מוסרים מהן.',
      addPhotos: 'העלאת תמונות', noPhotos: 'עדיין אין תמונות.',
      itemName: { photo: 'תמונה {{number}}', audio: 'אודיו {{number}}', youtube: 'סרטון יוטיוב {{number}}', video: 'וידאו {{number}}' },
      groups: { photo: 'תמונות', audio: 'אודיו', youtube: 'סרטוני יוטיוב', video: 'סרטונים שהועלו' },
      earlier: 'קודם', later: 'אחר כך',
      moveEarlier: 'להקדים את {{item}}', moveLater: 'לאחר את {{item}}',
      remove: 'הסרה', confirmRemove: 'להסיר את {{item}} מהעמוד שלך?', confirmYes: 'כן, להסיר', keep: 'להשאיר', removing: 'מסירים…',
      moved: '{{item}} עכשיו במקום {{position}}.', removed: '{{item}} הוסר/ה.', added: '{{name}} נוסף/ה לעמוד שלך.', linkAdded: 'הקישור נוסף לעמוד שלך.',
      uploadsLabel: 'העלאות', progressLabel: 'מעלים את {{name}}', waiting: 'ממתין…', sending: 'מעלים… {{percent}}%', processing: 'מכינים…', dismiss: 'סגירה',
      videoAudio: 'וידאו ואודיו',
      videoAudioHint: 'אפשר להעלות סרטון (MP4, MOV או WebM, עד 100MB) או אודיו (MP3, M4A, WAV או OGG, עד 50MB), או להדביק קישור ליוטיוב או לסאונדקלאוד.',
      addVideoFile: 'העלאת סרטון', addAudioFile: 'העלאת אודיו',
      link: 'קישור ליוטיוב או לסאונדקלאוד', linkDescription: 'כיתוב (לא חובה)', linkHint: 'למשל https://youtu.be/… או https://soundcloud.com/artist/track', addLink: 'הוספת קישור', adding: 'מוסיפים…',
      linkYouTube: 'סרטון יוטיוב {{id}}', linkSoundCloud: 'רצועה או פלייליסט בסאונדקלאוד', linkNotRecognized: 'זה לא קישור לסרטון ביוטיוב או לרצועה בסאונדקלאוד.',
      noVideoAudio: 'עדיין אין וידאו או אודיו.',
      caption: 'כיתוב', captionOf: 'הכיתוב של {{item}}', addCaption: 'הוספת כיתוב', editCaption: 'עריכת הכיתוב',
      captionHint: 'בעברית ובאנגלית: כל עמוד מציג את השפה שלו. אפשר להשאיר אחת מהן ריקה.',
      saveCaption: 'שמירת הכיתוב', savingCaption: 'שומרים…', captionSaved: 'הכיתוב של {{item}} נשמר.',
      expected: {
        photo: 'תמונה (JPEG, PNG, WebP, GIF או AVIF)', audio: 'קובץ אודיו (MP3, M4A, AAC, WAV, OGG או WebM)', video: 'סרטון (MP4, MOV, WebM או OGG)', youtube: 'קישור ליוטיוב',
      },
      errors: {
        tooLarge: '{{name}} גדול מדי: עד {{limit}}MB.', badType: '{{name}} אינו {{expected}}.', unreadable: 'לא הצלחנו לקרוא את {{name}}; ייתכן שהקובץ פגום.',
        empty: '{{name}} ריק.', network: 'החיבור נקטע בזמן שליחת {{name}}. כדאי לנסות שוב.', full: 'הרשימה מלאה (עד {{max}}); יש להסיר פריט קודם.',
        captionTooLong: 'כיתוב יכול להכיל עד 500 תווים בכל שפה.', exists: 'זה כבר מופיע בעמוד שלך.', stale: 'הרשימה השתנתה בחלון אחר. יש לרענן את הדף ולנסות שוב.', generic: 'זה לא הצליח. כדאי לנסות שוב בעוד רגע.',
      },
    },
    vendorPageMedia: {
      openPhoto: 'פתיחת תמונה {{number}} מתוך {{count}}', photoAlt: '{{name}}, תמונה {{number}}', videoFile: '{{name}}, סרטון {{number}}',
      playSoundCloud: 'ניגון בסאונדקלאוד: {{title}}', soundCloudTrack: 'רצועה בסאונדקלאוד', audioTrack: '{{name}}, אודיו {{number}}',
    },
  },
);
