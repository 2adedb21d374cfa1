// eSpeak NG child process (filled in next)
