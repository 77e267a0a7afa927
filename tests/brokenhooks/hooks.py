raise ImportError("this plugin is broken on purpose")
